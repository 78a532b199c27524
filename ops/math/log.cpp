// ONNX Log, every version (1, 6, 13): output = ln(input); ln(0) = -inf, ln of a negative is NaN.
//   1: float16, float, double; consumed_inputs (ignored).  6: the same.  13: + bfloat16.
// Accuracy contract: correctly rounded: the exact ln x rounded once to the element type
// (nearest, ties to even; numeric/elementary.h).
#include "ops/math/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_log(Registry& registry) {
  math::register_classic_unary(registry, "Log", {AccuracyKind::CorrectlyRounded, "the exact ln x rounded once"},
                               math::kInputOutput, math::float_unary_kernel<numeric::Fn::Log>());
}

}  // namespace onnx_ref
