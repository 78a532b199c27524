// ONNX Acos, every version (7, 22): output = acos(input).
//   7: float16, float, double.  22: + bfloat16.
// Accuracy contract: correctly rounded: the exact acos x (NaN beyond [-1, 1]) rounded once to the element type
// (nearest, ties to even; numeric/elementary.h).
#include "ops/math/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_acos(Registry& registry) {
  math::register_floats_then_bfloat16(registry, "Acos",
                                      {AccuracyKind::CorrectlyRounded, "the exact acos x rounded once"}, 7, 22,
                                      math::kInputOutput, math::float_unary_kernel<numeric::Fn::Acos>());
}

}  // namespace onnx_ref
