// ONNX Equal, every version (1, 7, 11, 13, 19): C = (A == B), a bool tensor.
//   1: bool, int32, int64; legacy broadcast/axis.  7: multidirectional broadcasting.
//   11: + float16, float, double and the other integer types.  13: + bfloat16.  19: + string.
// Floats compare by value: NaN equals nothing (itself included) and -0 equals +0. Strings compare
// byte for byte.
#include "ops/math/elementwise.h"
#include "ops/math/register.h"

namespace onnx_ref {
namespace math {
struct EqualFn {
  using Result = BoolByte;
  template <class S>
  static constexpr bool supports =
      is_float_storage<S> || is_int_storage<S> || std::is_same_v<S, BoolByte> || std::is_same_v<S, std::string>;
  template <class S>
  static bool apply(const S& x, const S& y) {
    if constexpr (std::is_same_v<S, std::string>)
      return x == y;
    else
      return comparable(x) == comparable(y);
  }
};
}  // namespace math

void register_equal(Registry& registry) {
  using namespace math;
  const TypeSet v1{ET::Bool, ET::Int32, ET::Int64};
  const TypeSet v11{ET::Bool,   ET::Int8,   ET::Int16,  ET::Int32,   ET::Int64, ET::UInt8,
                    ET::UInt16, ET::UInt32, ET::UInt64, ET::Float16, ET::Float, ET::Double};
  const TypeSet v13 = v11.with({ET::BFloat16});
  registry.add(binary_version("Equal", 1, v1, true, true, false, binary_kernel<EqualFn>(true)));
  registry.add(binary_version("Equal", 7, v1, true, false, false, binary_kernel<EqualFn>(false)));
  registry.add(binary_version("Equal", 11, v11, true, false, false, binary_kernel<EqualFn>(false)));
  registry.add(binary_version("Equal", 13, v13, true, false, false, binary_kernel<EqualFn>(false)));
  registry.add(binary_version("Equal", 19, v13.with({ET::String}), true, false, false, binary_kernel<EqualFn>(false)));
  registry.declare_accuracy(
      "Equal", {AccuracyKind::Exact, "a comparison of exact values (NaN equals nothing; strings byte for byte)"});
}

}  // namespace onnx_ref
