// ONNX Exp, every version (1, 6, 13): output = e^input.
//   1: float16, float, double; consumed_inputs (ignored).  6: the same.  13: + bfloat16.
// Accuracy contract: correctly rounded: the exact e^x rounded once to the element type
// (nearest, ties to even; numeric/elementary.h).
#include "ops/math/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_exp(Registry& registry) {
  math::register_classic_unary(registry, "Exp", {AccuracyKind::CorrectlyRounded, "the exact e^x rounded once"},
                               math::kInputOutput, math::float_unary_kernel<numeric::Fn::Exp>());
}

}  // namespace onnx_ref
