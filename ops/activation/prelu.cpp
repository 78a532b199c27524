// ONNX PRelu, every version (1, 6, 7, 9, 16): Y = X for X >= 0, slope * X below.
//   1: float16, float, double; consumed_inputs (ignored).  6: without it.
//   7: slope broadcasts to X (unidirectional).  9: + int32, int64, uint32, uint64.  16: + bfloat16.
// slope must broadcast unidirectionally to X's shape (the output has X's shape). Versions 1 and 6
// predate that rule and come from Caffe and Torch, where a slope holds one value per channel: there
// a 1-D slope as long as X's dimension 1 (rank >= 2) applies along dimension 1, as the official
// pytorch-converted tests (PRelu-6, X [2, 3, 4], slope [3]) expect; any other slope broadcasts
// unidirectionally.
// Contract: correctly rounded (one product, rounded once); integers wrap; unsigned X is never below 0.
#include "ops/activation/register.h"
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
    if constexpr (std::is_unsigned_v<S>)
      return x;
    else
      return comparable(x) < 0 ? arith(x, slope, [](auto p, auto q) { return p * q; }) : x;
  }
};

Kernel prelu_kernel(bool per_channel) {
  return [per_channel](const KernelContext& ctx) -> std::vector<Value> {
    const Tensor& x = ctx.input(0);
    const Tensor& slope = ctx.input(1);
    Shape slope_shape = slope.shape();
    if (per_channel && x.shape().size() >= 2 && slope_shape.size() == 1 && slope_shape[0] == x.shape()[1]) {
      slope_shape.assign(x.shape().size() - 1, 1);
      slope_shape[0] = x.shape()[1];
    }
    bool fits = slope_shape.size() <= x.shape().size();
    for (size_t i = 0; fits && i < slope_shape.size(); ++i) {
      const int64_t s = slope_shape[slope_shape.size() - 1 - i];
      fits = s == 1 || s == x.shape()[x.shape().size() - 1 - i];
    }
    if (!fits)
      throw Error("slope " + shape_to_string(slope.shape()) + " does not broadcast to X " + shape_to_string(x.shape()) +
                  " (unidirectional broadcasting: the output has X's shape)");
    return {run_binary<PReluFn>(x, slope, {x.shape(), slope_shape, x.shape()})};
  };
}

OpVersion prelu_version(int since, const TypeSet& types, bool consumed) {
  OpVersion v = binary_version("PRelu", since, types, false, false, false, prelu_kernel(since < 7));
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
  registry.declare_accuracy("PRelu",
                            {AccuracyKind::CorrectlyRounded, "x, or the exact slope x rounded once; integers wrap"});
}

}  // namespace onnx_ref
