// ONNX Sqrt, every version (1, 6, 13): Y = sqrt(X); the square root of a negative is NaN, of -0 is -0.
//   1: float16, float, double; consumed_inputs (ignored).  6: the same.  13: + bfloat16.
// Accuracy contract: correctly rounded: the exact square root rounded once to the element type
// (nearest, ties to even; numeric/elementary.h).
#include "ops/math/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_sqrt(Registry& registry) {
  math::register_classic_unary(registry, "Sqrt", {AccuracyKind::CorrectlyRounded, "the exact square root rounded once"},
                               math::kXY, math::float_unary_kernel<numeric::Fn::Sqrt>());
}

}  // namespace onnx_ref
