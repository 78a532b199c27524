// ONNX Softplus, every version (1, 22): Y = ln(1 + e^X).
//   1: float16, float, double.  22: + bfloat16.
// Accuracy contract: correctly rounded: the exact ln(1 + e^x) rounded once to the element type
// (nearest, ties to even; numeric/elementary.h).
#include "ops/activation/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_softplus(Registry& registry) {
  math::register_floats_then_bfloat16(registry, "Softplus",
                                      {AccuracyKind::CorrectlyRounded, "the exact ln(1 + e^x) rounded once"}, 1, 22,
                                      math::kXY, math::float_unary_kernel<numeric::Fn::Softplus>());
}

}  // namespace onnx_ref
