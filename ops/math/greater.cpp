// ONNX Greater, every version (1, 7, 9, 13): C = (A > B), a bool tensor. NaN compares false; +0 is not
// greater than -0. Versions and types: register_ordering in elementwise.h.
#include "ops/math/elementwise.h"
#include "ops/math/register.h"

namespace onnx_ref {
namespace math {
struct GreaterFn {
  using Result = BoolByte;
  template <class S>
  static constexpr bool supports = is_float_storage<S> || is_int_storage<S>;
  template <class S>
  static bool apply(S x, S y) {
    return comparable(x) > comparable(y);
  }
};
}  // namespace math

void register_greater(Registry& registry) {
  math::register_ordering<math::GreaterFn>(registry, "Greater",
                                           {AccuracyKind::Exact, "a comparison of exact values (NaN compares false)"});
}

}  // namespace onnx_ref
