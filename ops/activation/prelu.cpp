// ONNX PRelu, every version (1, 6, 7, 9, 16): Y = X for X >= 0, slope * X below.
//   1: float16, float, double; consumed_inputs (ignored).  6: without it.
//   7: slope broadcasts to X (unidirectional).  9: + int32, int64, uint32, uint64.  16: + bfloat16.
// slope must broadcast unidirectionally to X's shape (the output has X's shape). Versions 1 and 6
// describe a slope of one element shared by every channel or one of X's shape; both are such
// broadcasts, so every version takes the same rule.
// Contract: correctly rounded (one product, rounded once); integers wrap; unsigned X is never below 0.
#include "ops/all_ops.h"
#include "ops/math/elementwise.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
struct PReluFn {
  using Result = void;
  template <class S>
  static constexpr bool supports = is_float_storage<S> || is_int_storage<S>;
  template <class S>
  static S apply(S x, S slope) {
    if constexpr (std::is_unsigned_v<S>) return x;
    else return comparable(x) < 0 ? arith(x, slope, [](auto p, auto q) { return p * q; }) : x;
  }
};

Kernel prelu_kernel() {
  return [](const KernelContext& ctx) -> std::vector<Value> {
    const Tensor& x = ctx.input(0);
    const Tensor& slope = ctx.input(1);
    const Shape both[] = {x.shape(), slope.shape()};
    if (slope.shape().size() > x.shape().size() || broadcast_output_shape(both) != x.shape())
      throw Error("slope " + shape_to_string(slope.shape()) + " does not broadcast to X " + shape_to_string(x.shape()) +
                  " (unidirectional broadcasting: the output has X's shape)");
    return {run_binary<PReluFn>(x, slope, {x.shape(), slope.shape(), x.shape()})};
  };
}

OpVersion prelu_version(int since, const TypeSet& types, bool consumed) {
  OpVersion v = binary_version("PRelu", since, types, false, false, false, prelu_kernel());
  v.inputs = {{"X", "T"}, {"slope", "T"}};
  v.outputs = {{"Y", "T"}};
  if (consumed) v.attributes = {{"consumed_inputs", AttrType::Ints, false, std::nullopt, /*ignored=*/true}};
  return v;
}
}  // namespace math

void register_prelu(Registry& registry) {
  using namespace math;
  using type_sets::kFloats;
  const TypeSet v9 = kFloats.with({ET::Int32, ET::Int64, ET::UInt32, ET::UInt64});
  registry.add(prelu_version(1, kFloats, true));
  registry.add(prelu_version(6, kFloats, false));
  registry.add(prelu_version(7, kFloats, false));
  registry.add(prelu_version(9, v9, false));
  registry.add(prelu_version(16, v9.with({ET::BFloat16}), false));
}

}  // namespace onnx_ref
