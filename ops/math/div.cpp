// ONNX Div, every version (1, 6, 7, 13, 14): C = A / B. Broadcasting and versions: elementwise.h.
//  - Floats: the exact quotient rounded once to the element type (IEEE: x / 0 is ±inf, 0 / 0 NaN).
//  - Integers: truncated toward zero (C++ and NumPy's np.trunc(a / b), as the spec's reference
//    does). Division by zero has no integer result: it is an Error naming the flat output index.
//    The most negative value divided by -1 overflows; it wraps to itself (two's complement, as
//    -INT_MIN does), the same rule as Add/Sub/Mul overflow.
#include "ops/math/register.h"
#include "ops/math/zero_divisor.h"

namespace onnx_ref {
namespace math {
struct DivFn : ZeroDivisorRule {
  template <class S>
  static S apply(S x, S y) {
    if constexpr (is_int_storage<S>) {
      if constexpr (std::is_signed_v<S>) {
        if (y == -1) return static_cast<S>(WrapType<S>(0) - static_cast<WrapType<S>>(x));
      }
      return static_cast<S>(x / y);
    } else {
      return arith(x, y, [](auto p, auto q) { return p / q; });
    }
  }
  template <class S>
  [[noreturn]] static void fail(S x, S, int64_t index) {
    refuse_zero_divisor("division", x, index);
  }
};
}  // namespace math

void register_div(Registry& registry) {
  math::register_arithmetic<math::DivFn>(
      registry, "Div",
      {AccuracyKind::CorrectlyRounded, "the exact quotient rounded once; integers truncate toward zero"});
}

}  // namespace onnx_ref
