// ONNX Atanh, every version (9, 22): output = atanh(input).
//   9: float16, float, double.  22: + bfloat16.
// Accuracy contract: correctly rounded: the exact atanh x (±inf at ±1, NaN beyond) rounded once to the element type
// (nearest, ties to even; numeric/elementary.h).
#include "ops/math/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_atanh(Registry& registry) {
  math::register_floats_then_bfloat16(registry, "Atanh",
                                      {AccuracyKind::CorrectlyRounded, "the exact atanh x rounded once"}, 9, 22,
                                      math::kInputOutput, math::float_unary_kernel<numeric::Fn::Atanh>());
}

}  // namespace onnx_ref
