// ONNX Sigmoid, every version (1, 6, 13): Y = 1 / (1 + e^-X).
//   1: float16, float, double; consumed_inputs (ignored).  6: the same.  13: + bfloat16.
// Accuracy contract: correctly rounded: the exact 1 / (1 + e^-x) rounded once to the element type
// (nearest, ties to even; numeric/elementary.h).
#include "ops/activation/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_sigmoid(Registry& registry) {
  math::register_classic_unary(registry, "Sigmoid",
                               {AccuracyKind::CorrectlyRounded, "the exact 1 / (1 + e^-x) rounded once"}, math::kXY,
                               math::float_unary_kernel<numeric::Fn::Sigmoid>());
}

}  // namespace onnx_ref
