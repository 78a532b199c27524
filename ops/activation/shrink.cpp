// ONNX Shrink, version 9: Y = X + bias where X < -lambd, X - bias where X > lambd, else 0.
// Types: float16, float, double and the eight integer types; bias (default 0) and lambd (default
// 0.5) are the float32 values in the model.
// Contract: correctly rounded for floating types (one addition, rounded once; float16 adds in
// double rounded to odd, then once to float16). X is compared with lambd exactly (long double holds
// every int64, uint64 and float exactly). Integer inputs wrap: bias must then be an integral value
// (a fractional one would need a rounding the spec does not define, so it is an Error), taken
// modulo 2^64.
#include <cmath>

#include "numeric/round_odd.h"
#include "ops/activation/register.h"
#include "ops/attribute_specs.h"
#include "ops/math/elementwise.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
namespace {

static_assert(std::numeric_limits<long double>::digits >= 64, "exact comparisons need a 64-bit significand");

struct ShrinkFn {
  using Result = void;
  double bias, lambd;
  uint64_t bias_wrapped;  // bias modulo 2^64, for integer inputs
  bool bias_integral;
  static ShrinkFn make(const Attributes& attrs) {
    const double bias = float_attr(attrs, "bias");
    const bool integral = std::isfinite(bias) && std::floor(bias) == bias;
    uint64_t wrapped = 0;
    if (integral) {
      const double m = std::fmod(std::fabs(bias), 0x1p64);  // exact
      wrapped = static_cast<uint64_t>(m);
      if (bias < 0) wrapped = uint64_t{0} - wrapped;
    }
    return {bias, float_attr(attrs, "lambd"), wrapped, integral};
  }
  template <class S>
  static constexpr bool supports = is_float_storage<S> || is_int_storage<S>;
  template <class S>
  S apply(S x) const {
    long double v;
    if constexpr (is_int_storage<S>)
      v = static_cast<long double>(x);
    else
      v = widen(x);
    const bool low = v < -static_cast<long double>(lambd);
    const bool high = v > static_cast<long double>(lambd);
    if (!low && !high) {
      if constexpr (is_int_storage<S>)
        return 0;
      else
        return (v != v) ? x : narrow<S>(0.0);  // NaN is neither above nor below: NaN stays NaN
    }
    if constexpr (is_int_storage<S>) {
      if (!bias_integral)
        throw Error("attribute 'bias' = " + std::to_string(bias) +
                    " is not an integral value, which an integer input needs (the result would need rounding)");
      const uint64_t ux = static_cast<uint64_t>(static_cast<std::make_unsigned_t<S>>(x));
      return static_cast<S>(low ? ux + bias_wrapped : ux - bias_wrapped);
    } else if constexpr (std::is_same_v<S, double>) {
      return low ? x + bias : x - bias;
    } else if constexpr (std::is_same_v<S, float>) {
      const float b = static_cast<float>(bias);  // exact: bias is a float32
      return low ? x + b : x - b;
    } else {
      return narrow<S>(add_round_odd(widen(x), low ? bias : -bias));
    }
  }
};
}  // namespace
}  // namespace math

void register_shrink(Registry& registry) {
  using namespace math;
  const UnaryNames names{"input", "output"};
  register_unary_ladder(
      registry, "Shrink",
      {AccuracyKind::CorrectlyRounded, "0, or the exact x + bias or x - bias rounded once; integers wrap"},
      {{9, type_sets::kAllNumericTypes}}, {float_attribute("bias", 0.0f), float_attribute("lambd", 0.5f)},
      set_unary_attr_kernel<ShrinkFn>, names);
}

}  // namespace onnx_ref
