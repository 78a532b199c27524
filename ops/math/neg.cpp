// ONNX Neg, every version (1, 6, 13): Y = -X.
//   1: float16, float, double; consumed_inputs (ignored).  6: + int8, int16, int32, int64.
//   13: + bfloat16.
// Floats flip the sign bit (exact; -0 and +0 swap, NaN stays NaN). Integers wrap: the most negative
// value has no positive counterpart, and Neg(INT_MIN) is INT_MIN (two's complement).
#include "ops/math/elementwise.h"
#include "ops/math/register.h"

namespace onnx_ref {
namespace math {
struct NegFn {
  template <class S>
  static constexpr bool supports = is_float_storage<S> || (is_int_storage<S> && std::is_signed_v<S>);
  template <class S>
  static S apply(S x) {
    if constexpr (is_small_float_storage<S>)
      return {static_cast<uint16_t>(x.bits ^ 0x8000u)};
    else if constexpr (std::is_floating_point_v<S>)
      return -x;
    else
      return static_cast<S>(WrapType<S>(0) - static_cast<WrapType<S>>(x));
  }
};
}  // namespace math

void register_neg(Registry& registry) {
  using namespace math;
  const TypeSet floats{ET::Float16, ET::Float, ET::Double};
  registry.add(unary_version("Neg", 1, floats, true, unary_kernel<NegFn>()));
  registry.add(unary_version("Neg", 6, kSignedNumeric, false, unary_kernel<NegFn>()));
  registry.add(unary_version("Neg", 13, kSignedNumeric.with({ET::BFloat16}), false, unary_kernel<NegFn>()));
  registry.declare_accuracy("Neg", {AccuracyKind::Exact, "the sign flipped; integers wrap at the most negative value"});
}

}  // namespace onnx_ref
