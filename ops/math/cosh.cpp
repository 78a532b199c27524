// ONNX Cosh, every version (9, 22): output = cosh(input).
//   9: float16, float, double.  22: + bfloat16.
// Accuracy contract: correctly rounded: the exact cosh x rounded once to the element type
// (nearest, ties to even; numeric/elementary.h).
#include "ops/math/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_cosh(Registry& registry) {
  math::register_floats_then_bfloat16(registry, "Cosh",
                                      {AccuracyKind::CorrectlyRounded, "the exact cosh x rounded once"}, 9, 22,
                                      math::kInputOutput, math::float_unary_kernel<numeric::Fn::Cosh>());
}

}  // namespace onnx_ref
