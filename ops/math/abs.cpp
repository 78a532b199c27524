// ONNX Abs, every version (1, 6, 13): Y = |X|.
//   1: float16, float, double; consumed_inputs (ignored).  6: + the eight integer types.
//   13: + bfloat16.
// Floats clear the sign bit (exact; Abs(-0) = +0, NaN stays NaN). Unsigned integers are their own
// absolute value. Signed integers wrap: Abs(INT_MIN) is INT_MIN (two's complement, as Neg).
#include <cmath>

#include "ops/math/elementwise.h"
#include "ops/math/register.h"

namespace onnx_ref {
namespace math {
struct AbsFn {
  template <class S>
  static constexpr bool supports = is_float_storage<S> || is_int_storage<S>;
  template <class S>
  static S apply(S x) {
    if constexpr (is_small_float_storage<S>)
      return {static_cast<uint16_t>(x.bits & 0x7fffu)};
    else if constexpr (std::is_floating_point_v<S>)
      return std::fabs(x);
    else if constexpr (std::is_unsigned_v<S>)
      return x;
    else
      return x < 0 ? static_cast<S>(WrapType<S>(0) - static_cast<WrapType<S>>(x)) : x;
  }
};
}  // namespace math

void register_abs(Registry& registry) {
  using namespace math;
  const TypeSet floats{ET::Float16, ET::Float, ET::Double};
  const TypeSet numeric =
      floats.with({ET::Int8, ET::Int16, ET::Int32, ET::Int64, ET::UInt8, ET::UInt16, ET::UInt32, ET::UInt64});
  registry.add(unary_version("Abs", 1, floats, true, unary_kernel<AbsFn>()));
  registry.add(unary_version("Abs", 6, numeric, false, unary_kernel<AbsFn>()));
  registry.add(unary_version("Abs", 13, numeric.with({ET::BFloat16}), false, unary_kernel<AbsFn>()));
  registry.declare_accuracy("Abs",
                            {AccuracyKind::Exact, "the sign bit cleared; integers wrap at the most negative value"});
}

}  // namespace onnx_ref
