// ONNX Sinh, every version (9, 22): output = sinh(input).
//   9: float16, float, double.  22: + bfloat16.
// Accuracy contract: correctly rounded: the exact sinh x rounded once to the element type
// (nearest, ties to even; numeric/elementary.h).
#include "ops/math/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_sinh(Registry& registry) {
  math::register_floats_then_bfloat16(registry, "Sinh",
                                      {AccuracyKind::CorrectlyRounded, "the exact sinh x rounded once"}, 9, 22,
                                      math::kInputOutput, math::float_unary_kernel<numeric::Fn::Sinh>());
}

}  // namespace onnx_ref
