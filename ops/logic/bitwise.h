#pragma once
// BitwiseAnd, BitwiseOr and BitwiseXor (18): C = A op B on the eight integer types, with
// multidirectional broadcasting. Contract: exact (bit operations on the two's complement patterns).
#include "ops/math/elementwise.h"
#include "ops/type_sets.h"

namespace onnx_ref::math {

template <class Op>
struct BitwiseFn {
  using Result = void;
  template <class S>
  static constexpr bool supports = is_int_storage<S>;
  template <class S>
  static S apply(S x, S y) {
    using U = std::make_unsigned_t<S>;
    return static_cast<S>(Op{}(static_cast<U>(x), static_cast<U>(y)));
  }
};

template <class Op>
void register_bitwise(Registry& registry, const std::string& op_type, const Accuracy& accuracy) {
  registry.add(
      binary_version(op_type, 18, type_sets::kIntegers, false, false, false, binary_kernel<BitwiseFn<Op>>(false)));
  registry.declare_accuracy(op_type, accuracy);
}

}  // namespace onnx_ref::math
