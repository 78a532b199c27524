// ONNX Min, every version (1, 6, 8, 12, 13): the element-wise minimum of one or more inputs.
// Versions and types: register_min_max in elementwise.h (equal shapes before 8, broadcasting from 8).
// NaN propagates: if any operand is NaN the result is NaN (the first NaN met, left to right).
// Signed zeros: -0 is taken as less than +0, so Min(-0, +0) = Min(+0, -0) = -0.
#include <cmath>

#include "ops/math/register.h"
#include "ops/math/elementwise.h"

namespace onnx_ref {
namespace math {
struct MinFn {
  using Result = void;
  template <class S>
  static constexpr bool supports = is_float_storage<S> || is_int_storage<S>;
  template <class S>
  static S apply(S x, S y) {
    if constexpr (std::is_floating_point_v<S>) {
      // The rules below as one select without branches (the loop vectorizes): y when it is smaller,
      // when the two are equal and y carries the sign (+0 against -0), or when y alone is NaN.
      const bool take_y = (y < x) | ((x == y) & std::signbit(y)) | ((y != y) & (x == x));
      return take_y ? y : x;
    } else if constexpr (is_float_storage<S>) {
      const double a = comparable(x), b = comparable(y);
      if (a != a) return x;
      if (b != b) return y;
      if (a == b) return std::signbit(a) ? x : y;  // equal values, or -0 and +0: the one with the sign
      return a < b ? x : y;
    } else {
      return x < y ? x : y;
    }
  }
};
}  // namespace math

void register_min(Registry& registry) { math::register_min_max<math::MinFn>(registry, "Min", {AccuracyKind::Exact, "one of the input elements (NaN propagates)"}, "min"); }

}  // namespace onnx_ref
