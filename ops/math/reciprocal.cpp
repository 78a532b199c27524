// ONNX Reciprocal, every version (1, 6, 13): Y = 1 / X.
//   1: float16, float, double; consumed_inputs (ignored).  6: without it.  13: + bfloat16.
// Contract: correctly rounded (one IEEE division; float16 and bfloat16 divide in double, which
// rounds innocuously, see runtime/numeric_dispatch.h). 1/±0 = ±inf, 1/±inf = ±0.
#include "ops/math/elementwise.h"
#include "ops/math/register.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
struct ReciprocalFn {
  template <class S>
  static constexpr bool supports = is_float_storage<S>;
  template <class S>
  static S apply(S x) {
    if constexpr (std::is_floating_point_v<S>)
      return S(1) / x;
    else
      return narrow<S>(1.0 / widen(x));
  }
};
}  // namespace math

void register_reciprocal(Registry& registry) {
  using namespace math;
  using type_sets::kFloats;
  register_unary_ladder(registry, "Reciprocal", {AccuracyKind::CorrectlyRounded, "the exact 1 / x rounded once"},
                        {{1, kFloats, true}, {6, kFloats}, {13, type_sets::kFloatsIR4}}, {},
                        unary_kernel<ReciprocalFn>());
}

}  // namespace onnx_ref
