// ONNX BitwiseNot, version 18: Y = ~X on the eight integer types. Contract: exact.
#include "ops/logic/register.h"
#include "ops/math/elementwise.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
struct BitwiseNotFn {
  template <class S>
  static constexpr bool supports = is_int_storage<S>;
  template <class S>
  static S apply(S x) {
    return static_cast<S>(~static_cast<std::make_unsigned_t<S>>(x));
  }
};
}  // namespace math

void register_bitwise_not(Registry& registry) {
  using namespace math;
  register_unary_ladder(registry, "BitwiseNot",
                        {AccuracyKind::Exact, "bit operations on the two's complement patterns"},
                        {{18, type_sets::kIntegers}}, {}, unary_kernel<BitwiseNotFn>());
}
}  // namespace onnx_ref
