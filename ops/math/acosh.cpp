// ONNX Acosh, every version (9, 22): output = acosh(input).
//   9: float16, float, double.  22: + bfloat16.
// Accuracy contract: correctly rounded: the exact acosh x (NaN below 1) rounded once to the element type
// (nearest, ties to even; numeric/elementary.h).
#include "ops/math/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_acosh(Registry& registry) {
  math::register_floats_then_bfloat16(registry, "Acosh",
                                      {AccuracyKind::CorrectlyRounded, "the exact acosh x rounded once"}, 9, 22,
                                      math::kInputOutput, math::float_unary_kernel<numeric::Fn::Acosh>());
}

}  // namespace onnx_ref
