// ONNX Mish, every version (18, 22): Y = X tanh(ln(1 + e^X)).
//   18: float16, float, double.  22: + bfloat16.
// Accuracy contract: correctly rounded: the exact x tanh(ln(1 + e^x)) rounded once to the element type
// (nearest, ties to even; numeric/elementary.h).
// Mish(-inf) is the limit, -0.
#include "ops/activation/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_mish(Registry& registry) {
  math::register_floats_then_bfloat16(registry, "Mish",
                                      {AccuracyKind::CorrectlyRounded, "the exact x tanh(ln(1 + e^x)) rounded once"},
                                      18, 22, math::kXY, math::float_unary_kernel<numeric::Fn::Mish>());
}

}  // namespace onnx_ref
