// ONNX Atan, every version (7, 22): output = atan(input).
//   7: float16, float, double.  22: + bfloat16.
// Accuracy contract: correctly rounded: the exact atan x rounded once to the element type
// (nearest, ties to even; numeric/elementary.h).
#include "ops/math/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_atan(Registry& registry) {
  math::register_floats_then_bfloat16(registry, "Atan",
                                      {AccuracyKind::CorrectlyRounded, "the exact atan x rounded once"}, 7, 22,
                                      math::kInputOutput, math::float_unary_kernel<numeric::Fn::Atan>());
}

}  // namespace onnx_ref
