// ONNX GreaterOrEqual, every version (12, 16): C = (A >= B), a bool tensor, with multidirectional
// broadcasting. Versions and types: register_or_equal in elementwise.h.
// Contract: exact. NaN compares false; -0 >= +0 holds (they are equal).
#include "ops/math/elementwise.h"
#include "ops/math/register.h"

namespace onnx_ref {
namespace math {
struct GreaterOrEqualFn {
  using Result = BoolByte;
  template <class S>
  static constexpr bool supports = is_float_storage<S> || is_int_storage<S>;
  template <class S>
  static bool apply(S x, S y) {
    return comparable(x) >= comparable(y);
  }
};
}  // namespace math

void register_greater_or_equal(Registry& registry) {
  math::register_or_equal<math::GreaterOrEqualFn>(
      registry, "GreaterOrEqual", {AccuracyKind::Exact, "a comparison of exact values (NaN compares false)"});
}

}  // namespace onnx_ref
