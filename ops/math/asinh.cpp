// ONNX Asinh, every version (9, 22): output = asinh(input).
//   9: float16, float, double.  22: + bfloat16.
// Accuracy contract: correctly rounded: the exact asinh x rounded once to the element type
// (nearest, ties to even; numeric/elementary.h).
#include "ops/math/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_asinh(Registry& registry) {
  math::register_floats_then_bfloat16(registry, "Asinh",
                                      {AccuracyKind::CorrectlyRounded, "the exact asinh x rounded once"}, 9, 22,
                                      math::kInputOutput, math::float_unary_kernel<numeric::Fn::Asinh>());
}

}  // namespace onnx_ref
