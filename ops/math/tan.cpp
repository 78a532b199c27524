// ONNX Tan, every version (7, 22): output = tan(input).
//   7: float16, float, double.  22: + bfloat16.
// Accuracy contract: correctly rounded: the exact tan x; huge arguments are reduced exactly rounded once to the element type
// (nearest, ties to even; numeric/elementary.h).
#include "ops/math/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {

void register_tan(Registry& registry) {
  math::register_floats_then_bfloat16(
      registry, "Tan",
      {AccuracyKind::CorrectlyRounded, "the exact tan x (huge arguments reduced exactly) rounded once"}, 7, 22,
      math::kInputOutput, math::float_unary_kernel<numeric::Fn::Tan>());
}

}  // namespace onnx_ref
