// ONNX Not, version 1: logical negation of a bool tensor.
#include "ops/math/elementwise.h"
#include "ops/math/register.h"

namespace onnx_ref {
namespace math {
struct NotFn {
  template <class S>
  static constexpr bool supports = std::is_same_v<S, BoolByte>;
  // Any nonzero byte counts as true, so the output holds only 0 and 1 whatever the input bytes.
  static BoolByte apply(BoolByte x) { return {static_cast<uint8_t>(x.value == 0 ? 1 : 0)}; }
};
}  // namespace math

void register_not(Registry& registry) {
  registry.add(math::unary_version("Not", 1, TypeSet{ElementType::Bool}, false, math::unary_kernel<math::NotFn>()));
  registry.declare_accuracy("Not", {AccuracyKind::Exact, "the logical negation"});
}

}  // namespace onnx_ref
