#pragma once
// And, Or and Xor share one ladder: 1 with the legacy broadcast/axis attributes (B stretched to
// A), 7 with multidirectional broadcasting; bool inputs, bool output. Contract: exact. Any nonzero
// input byte counts as true; the output holds only 0 and 1.
#include "ops/math/elementwise.h"

namespace onnx_ref::math {

template <class Fn>
void register_logical(Registry& registry, const std::string& op_type, const Accuracy& accuracy) {
  const TypeSet b{ET::Bool};
  registry.add(binary_version(op_type, 1, b, true, true, false, binary_kernel<Fn>(true)));
  registry.add(binary_version(op_type, 7, b, true, false, false, binary_kernel<Fn>(false)));
  registry.declare_accuracy(op_type, accuracy);
}

template <bool (*Rule)(bool, bool)>
struct LogicalFn {
  using Result = BoolByte;
  template <class S>
  static constexpr bool supports = std::is_same_v<S, BoolByte>;
  static bool apply(BoolByte x, BoolByte y) { return Rule(x.value != 0, y.value != 0); }
};

}  // namespace onnx_ref::math
