// ONNX Pow, every version (1, 7, 12, 13, 15): Z = X^Y.
//   1: float16, float, double; legacy broadcast/axis (B broadcast to A's shape).
//   7: multidirectional broadcasting.
//   12: base T: float16, float, double, int32, int64; exponent T1: float16, float, double and the
//       eight integer types (mixed types).  13: T + bfloat16.  15: T1 + bfloat16.
// Accuracy contract:
//  - floating base: correctly rounded: the exact x^y rounded once to the base's type (nearest, ties
//    to even; numeric/elementary.h). IEEE 754 pow's special values: 0^0 = 1, x^0 = 1 and 1^y = 1
//    even for NaN, a negative base with a non-integer exponent is NaN, 0^negative is infinity.
//    An integer exponent is taken exactly; beyond 2^53 in magnitude only its parity and sign can
//    matter for float16, bfloat16 and float bases (any other base is then saturated: |x| - 1 is at
//    least 2^-24), so it is replaced by the largest exponent of that parity and sign below 2^53; a
//    double base with such an exponent is refused.
//  - integer base, integer exponent: exact, wrapping (two's complement) as repeated
//    multiplication does. A negative exponent gives the exact 1/x^n truncated toward zero (1, -1
//    or 0); 0 to a negative power is an error naming the element.
//  - integer base, floating exponent: an integral exponent is treated as the integer; otherwise
//    rounded at named points: x^y correctly rounded to double, then truncated toward zero; NaN or a
//    result outside the base type is an error naming the element.
#include <cmath>
#include <limits>

#include "ops/math/elementwise.h"
#include "ops/math/register.h"
#include "ops/math/transcendental.h"

namespace onnx_ref {
namespace {

[[noreturn]] void fail(const std::string& rule, int64_t index) {
  throw Error(rule + " (output element " + std::to_string(index) + ")");
}

template <class E>
bool is_negative(E y) {
  if constexpr (std::is_signed_v<E>)
    return y < 0;
  else
    return false;
}

template <class E>
uint64_t magnitude_of(E y) {
  return is_negative(y) ? uint64_t(0) - static_cast<uint64_t>(y) : static_cast<uint64_t>(y);
}

template <class S>
S integer_power(S x, bool negative_exponent, uint64_t n, int64_t index) {
  using W = math::WrapType<S>;
  if (negative_exponent) {
    if (x == 0) fail("0 raised to a negative power has no integer value", index);
    if (x == 1) return 1;
    if (x == -1) return static_cast<S>(n % 2 ? -1 : 1);
    return 0;  // |1 / x^n| < 1 truncates to 0
  }
  W result = 1, base = static_cast<W>(x);
  for (; n; n >>= 1) {
    if (n & 1) result = static_cast<W>(result * base);
    base = static_cast<W>(base * base);
  }
  return static_cast<S>(result);
}

// An integer exponent as an exact double, reduced beyond 2^53 as the header says.
template <class S, class E>
double exponent_as_double(E y, int64_t index) {
  constexpr double kLimit = 0x1p53;
  const bool negative = is_negative(y);
  const uint64_t magnitude = magnitude_of(y);
  if (static_cast<double>(magnitude) < kLimit)
    return negative ? -static_cast<double>(magnitude) : static_cast<double>(magnitude);
  if constexpr (std::is_same_v<S, double>)
    fail("a double base with an integer exponent beyond 2^53 in magnitude is not supported", index);
  const double reduced = kLimit - 2 + static_cast<double>(magnitude & 1);
  return negative ? -reduced : reduced;
}

template <class S, class E>
S pow_element(S x, E y, int64_t index) {
  if constexpr (is_float_storage<S>) {
    if constexpr (is_float_storage<E>)
      return numeric::pow(x, widen(y));
    else
      return numeric::pow(x, exponent_as_double<S>(y, index));
  } else if constexpr (std::is_integral_v<E>) {
    return integer_power(x, is_negative(y), magnitude_of(y), index);
  } else {
    const double yd = widen(y);
    if (std::isfinite(yd) && yd == std::trunc(yd) && std::fabs(yd) < 0x1p63) {
      const int64_t n = static_cast<int64_t>(yd);
      return integer_power(x, n < 0, magnitude_of(n), index);
    }
    const double r = std::trunc(numeric::pow(static_cast<double>(x), yd));
    if (!(r >= static_cast<double>(std::numeric_limits<S>::min()) &&
          r < -static_cast<double>(std::numeric_limits<S>::min())))
      fail("the integer power's value is NaN or outside the base's type", index);
    return static_cast<S>(r);
  }
}

Tensor pow_tensor(const Tensor& a, const Tensor& b, const math::BinaryShapes& shapes) {
  return dispatch_real(a.type(), [&](auto base_tag) -> Tensor {
    using S = typename decltype(base_tag)::type;
    return dispatch_real(b.type(), [&](auto exponent_tag) -> Tensor {
      using E = typename decltype(exponent_tag)::type;
      constexpr bool base_ok = is_float_storage<S> || std::is_same_v<S, int32_t> || std::is_same_v<S, int64_t>;
      constexpr bool exponent_ok = is_float_storage<E> || (std::is_integral_v<E>);
      if constexpr (!base_ok || !exponent_ok) {
        throw std::logic_error("Pow: no kernel for " + std::string(name_of(a.type())) + " ^ " +
                               std::string(name_of(b.type())));
      } else {
        Tensor out = Tensor::uninitialized(a.type(), shapes.out);
        const S* pa = a.data_as<S>();
        const E* pb = b.data_as<E>();
        S* po = reinterpret_cast<S*>(out.mutable_data());
        Shape out_c = shapes.out;
        std::vector<Shape> ins{shapes.a, shapes.b};
        math::collapse_broadcast_dims(out_c, ins);
        for_each_broadcast_row<2>(
            out_c, {&ins[0], &ins[1]},
            [&](int64_t o, const std::array<int64_t, 2>& off, const std::array<int64_t, 2>& step, int64_t n) {
              for (int64_t i = 0; i < n; ++i)
                po[o + i] = pow_element(pa[off[0] + step[0] * i], pb[off[1] + step[1] * i], o + i);
            });
        return out;
      }
    });
  });
}

Kernel pow_kernel(bool legacy) {
  return [legacy](const KernelContext& ctx) -> std::vector<Value> {
    return {pow_tensor(ctx.input(0), ctx.input(1), math::binary_shapes(ctx, legacy))};
  };
}

OpVersion pow_version(int since, const TypeSet& base, const TypeSet& exponent) {
  OpVersion v = math::binary_version("Pow", since, base, false, since == 1, false, pow_kernel(since == 1));
  v.inputs = {{"X", "T"}, {"Y", since >= 12 ? "T1" : "T"}};
  v.outputs = {{"Z", "T"}};
  if (since >= 12) v.type_constraints.push_back({"T1", exponent});
  return v;
}

}  // namespace

void register_pow(Registry& registry) {
  using ET = ElementType;
  const TypeSet floats = type_sets::kFloats;
  const TypeSet base12 = floats.with({ET::Int32, ET::Int64});
  const TypeSet exponent12 =
      floats.with({ET::Int8, ET::Int16, ET::Int32, ET::Int64, ET::UInt8, ET::UInt16, ET::UInt32, ET::UInt64});
  registry.add(pow_version(1, floats, {}));
  registry.add(pow_version(7, floats, {}));
  registry.add(pow_version(12, base12, exponent12));
  registry.add(pow_version(13, base12.with({ET::BFloat16}), exponent12));
  registry.add(pow_version(15, base12.with({ET::BFloat16}), exponent12.with({ET::BFloat16})));
  registry.declare_accuracy("Pow", {AccuracyKind::CorrectlyRounded, "the exact x^y rounded once"}, {1, 7});
  registry.declare_accuracy("Pow",
                            {AccuracyKind::RoundedAtNamedPoints,
                             "floating base: the exact x^y rounded once; integer base: exact and wrapping for an "
                             "integer exponent, else x^y correctly rounded to double, then truncated toward zero"},
                            {12, 13, 15});
}

}  // namespace onnx_ref
