// ONNX Sub, every version (1, 6, 7, 13, 14): C = A - B. Integers wrap (two's complement); floats
// are the exact difference rounded once to the element type. Broadcasting and versions: elementwise.h.
#include "ops/math/elementwise.h"
#include "ops/math/register.h"

namespace onnx_ref {
namespace math {
struct SubFn {
  using Result = void;
  template <class S>
  static constexpr bool supports = is_float_storage<S> || is_int_storage<S>;
  template <class S>
  static S apply(S x, S y) {
    return arith(x, y, [](auto p, auto q) { return p - q; });
  }
};
}  // namespace math

void register_sub(Registry& registry) {
  math::register_arithmetic<math::SubFn>(
      registry, "Sub", {AccuracyKind::CorrectlyRounded, "the exact difference rounded once; integers wrap"});
}

}  // namespace onnx_ref
