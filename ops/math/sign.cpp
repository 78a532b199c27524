// ONNX Sign, every version (9, 13): -1, 0 or 1 by the sign of X, in X's type.
//   9: float16, float, double and the eight integer types.  13: + bfloat16.
// Contract: exact. Both zeros give +0 (zero has no sign to report; NumPy's rule); NaN gives NaN.
#include "ops/math/elementwise.h"
#include "ops/math/register.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
struct SignFn {
  template <class S>
  static constexpr bool supports = is_float_storage<S> || is_int_storage<S>;
  template <class S>
  static S apply(S x) {
    if constexpr (is_float_storage<S>) {
      const double v = widen(x);
      if (v != v) return x;
      return narrow<S>(v > 0 ? 1.0 : v < 0 ? -1.0 : 0.0);
    } else if constexpr (std::is_signed_v<S>) {
      return static_cast<S>(x > 0 ? 1 : x < 0 ? -1 : 0);
    } else {
      return static_cast<S>(x > 0 ? 1 : 0);
    }
  }
};
}  // namespace math

void register_sign(Registry& registry) {
  using namespace math;
  const UnaryNames names{"input", "output"};
  register_unary_ladder(registry, "Sign", {AccuracyKind::Exact, "-1, 0 or 1 in x's type (NaN stays NaN)"},
                        {{9, type_sets::kAllNumericTypes}, {13, type_sets::kAllNumericTypesIR4}}, {},
                        unary_kernel<SignFn>(), names);
}

}  // namespace onnx_ref
