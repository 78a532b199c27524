// ONNX BitShift, version 11: Z = X << Y or X >> Y (attribute direction "LEFT" or "RIGHT", required)
// on uint8, uint16, uint32, uint64, with multidirectional broadcasting. Contract: exact. Bits
// shifted out are lost; a shift by the element width or more gives 0 (every bit shifted out),
// which C++ leaves undefined and NumPy defines the same way.
#include "ops/logic/register.h"
#include "ops/math/elementwise.h"
#include "runtime/error.h"

namespace onnx_ref {
namespace math {
namespace {
template <bool Left>
struct ShiftFn {
  using Result = void;
  template <class S>
  static constexpr bool supports = std::is_unsigned_v<S>&& is_int_storage<S>;
  template <class S>
  static S apply(S x, S y) {
    if (y >= sizeof(S) * 8) return 0;
    using W = WrapType<S>;
    return static_cast<S>(Left ? static_cast<W>(static_cast<W>(x) << y) : static_cast<W>(x) >> y);
  }
};

// The kernel of the node's direction, chosen once, at load.
Kernel parse_shift_direction(const Attributes& attrs) {
  const auto& d = std::get<std::string>(attrs.get("direction"));
  if (d != "LEFT" && d != "RIGHT")
    throw Error("attribute 'direction' must be \"LEFT\" or \"RIGHT\", got \"" + escape_for_message(d, true) + "\"");
  return d == "LEFT" ? binary_kernel<ShiftFn<true>>(false) : binary_kernel<ShiftFn<false>>(false);
}
}  // namespace
}  // namespace math

void register_bit_shift(Registry& registry) {
  using namespace math;
  OpVersion v = binary_version("BitShift", 11, TypeSet{ET::UInt8, ET::UInt16, ET::UInt32, ET::UInt64}, false, false,
                               false, binary_kernel<ShiftFn<true>>(false));
  v.inputs = {{"X", "T"}, {"Y", "T"}};
  v.outputs = {{"Z", "T"}};
  v.attributes = {{"direction", AttrType::String, true, std::nullopt}};
  v.set_kernel(parse_shift_direction, [](const KernelContext& ctx, const Kernel& shift) { return shift(ctx); });
  registry.add(std::move(v));
  registry.declare_accuracy("BitShift", {AccuracyKind::Exact, "bits shifted; those shifted out are lost"});
}
}  // namespace onnx_ref
