// ONNX Asin, every version (7, 22): output = asin(input).
//   7: float16, float, double.  22: + bfloat16.
// Accuracy contract: correctly rounded: the exact asin x (NaN beyond [-1, 1]) rounded once to the element type
// (nearest, ties to even; numeric/elementary.h).
#include "ops/math/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_asin(Registry& registry) {
  math::register_floats_then_bfloat16(registry, "Asin",
                                      {AccuracyKind::CorrectlyRounded, "the exact asin x rounded once"}, 7, 22,
                                      math::kInputOutput, math::float_unary_kernel<numeric::Fn::Asin>());
}

}  // namespace onnx_ref
