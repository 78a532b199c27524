#pragma once
// Correctly rounded elementary functions and activation composites, for float16, bfloat16, float
// and double storage (runtime/numeric_dispatch.h). Every result is the exact value of the whole
// expression, rounded once to the storage type (nearest, ties to even, subnormals included,
// overflow to infinity); a composite such as Gelu is not rounded at its inner steps. Attribute
// values (alpha, gamma) are the float32 numbers stored in the model, taken exactly.
//
// How (two paths, chosen per element):
//  - Fast path, for float16, bfloat16 and float: the function is evaluated in double with glibc's
//    libm (formulas below chosen so that no step cancels) and the result y is trusted to lie within
//    a relative 2^-36 of the exact value (the Ziv test). glibc's published maximal errors for these
//    double functions are at most 5 ulp (2^-50 relative); the composites add at most a few
//    roundings and, for Gelu's erfc and tanh forms, an argument error amplified by at most 2^9 where
//    the result is still above double's underflow: at most 2^-41 in all, so 2^-36 leaves a factor
//    of 32. If y(1 - 2^-36) and y(1 + 2^-36) round to the same value of the storage type, the exact
//    value (between them, and rounding is monotone) rounds to it too. y = ±0 only happens when the
//    exact value is 0 or below double's range (where every target rounds to a signed zero); an
//    infinite y is a pole or beyond double's range; a NaN y is an exact domain error. All three
//    are taken as they are at a finite x; at an infinite x the slow path decides. The bound on glibc is
//    its documentation's, not a proof: the tests check the fast path exhaustively against MPFR on
//    every float16 and bfloat16 input, and on sampled and hard float32 inputs (numeric/ACCURACY.md).
//  - Slow path (numeric/elementary.cpp), always taken for double and when the Ziv test fails: GNU
//    MPFR evaluates the expression in interval arithmetic with directed rounding (each primitive
//    rounded down for the lower end and up for the upper end, every composite written with monotone
//    pieces and without cancellation), at 80 bits, then doubling up to 2^14 bits until both ends of
//    the interval round to the same value of the target format. That is rigorous; exact cases
//    (powers with a representable result, sqrt of squares, 0^0) are exact in MPFR, so the loop
//    ends. The speed: about 1-10 µs per double element, measured in numeric/ACCURACY.md.
//
// LLVM's correctly rounded libm and SLEEF were not used: glibc's double functions inside the Ziv
// test make the float path fast enough, and MPFR is needed anyway as the fallback and the oracle.
//
// Infinite inputs: the value is the limit (Gelu, Mish, Swish of -inf are -0, where a naive
// x * g(x) gives NaN). NaN inputs give NaN, except pow(NaN, 0) = 1 and pow(1, y) = 1 (C99, IEEE 754).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "runtime/numeric_dispatch.h"

namespace onnx_ref::numeric {

// The functions. Each composite is the exact expression named beside it.
enum class Fn {
  Exp,
  Log,
  Sqrt,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Tanh,
  Asinh,
  Acosh,
  Atanh,
  Erf,
  Sigmoid,   // 1 / (1 + e^-x)
  Softplus,  // ln(1 + e^x)
  Mish,      // x * tanh(ln(1 + e^x))
  GeluErf,   // x/2 * (1 + erf(x / sqrt 2))
  GeluTanh,  // x/2 * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3))), 0.044715 the decimal number
  Swish,     // x / (1 + e^(-alpha x))
  Elu,       // x >= 0: x; x < 0: alpha (e^x - 1)
  Selu,      // x > 0: gamma x; x <= 0: gamma alpha (e^x - 1) (so +0 at -0, as the spec's alpha e^x - alpha)
  Celu,      // max(0, x) + min(0, alpha (e^(x/alpha) - 1)); alpha = 0 gives max(0, x)
  Pow,       // x^y (IEEE 754 pow: 0^0 = 1, a negative base with a non-integer exponent is NaN)
};

// The parameters of a call: the exponent of Pow, the attributes of the activations (the float32
// values in the model, exact as doubles).
struct Args {
  double y = 0;      // Pow's exponent
  double alpha = 0;  // Swish, Elu, Selu, Celu
  double gamma = 0;  // Selu
};

// The target formats.
enum class Format { Float16, BFloat16, Float, Double };

template <class S>
constexpr Format format_of() {
  if constexpr (std::is_same_v<S, Float16Bits>)
    return Format::Float16;
  else if constexpr (std::is_same_v<S, BFloat16Bits>)
    return Format::BFloat16;
  else if constexpr (std::is_same_v<S, float>)
    return Format::Float;
  else {
    static_assert(std::is_same_v<S, double>, "a floating storage type");
    return Format::Double;
  }
}

// The slow path: f at the exact double x, correctly rounded to `format` and returned as the double
// holding that value. Rigorous for every input (see above); thread-safe.
double correctly_rounded(Fn f, Format format, double x, const Args& args = {});

// f evaluated in double by glibc (the fast path's estimate, relative error below 2^-41 wherever
// the result is a normal double).
template <Fn F>
inline double estimate(double x, const Args& a) {
  if constexpr (F == Fn::Exp)
    return std::exp(x);
  else if constexpr (F == Fn::Log)
    return std::log(x);
  else if constexpr (F == Fn::Sqrt)
    return std::sqrt(x);
  else if constexpr (F == Fn::Sin)
    return std::sin(x);
  else if constexpr (F == Fn::Cos)
    return std::cos(x);
  else if constexpr (F == Fn::Tan)
    return std::tan(x);
  else if constexpr (F == Fn::Asin)
    return std::asin(x);
  else if constexpr (F == Fn::Acos)
    return std::acos(x);
  else if constexpr (F == Fn::Atan)
    return std::atan(x);
  else if constexpr (F == Fn::Sinh)
    return std::sinh(x);
  else if constexpr (F == Fn::Cosh)
    return std::cosh(x);
  else if constexpr (F == Fn::Tanh)
    return std::tanh(x);
  else if constexpr (F == Fn::Asinh)
    return std::asinh(x);
  else if constexpr (F == Fn::Acosh)
    return std::acosh(x);
  else if constexpr (F == Fn::Atanh)
    return std::atanh(x);
  else if constexpr (F == Fn::Erf)
    return std::erf(x);
  else if constexpr (F == Fn::Sigmoid)
    return 1.0 / (1.0 + std::exp(-x));
  // Both branches add positive terms: nothing cancels.
  else if constexpr (F == Fn::Softplus)
    return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
  else if constexpr (F == Fn::Mish)
    return x * std::tanh(estimate<Fn::Softplus>(x, a));
  // 1 + erf(t) = erfc(-t): no cancellation for negative x.
  else if constexpr (F == Fn::GeluErf)
    return 0.5 * x * std::erfc(-x * 0.70710678118654752440);
  // (1 + tanh(u)) / 2 = 1 / (1 + e^-2u): no cancellation for negative x.
  else if constexpr (F == Fn::GeluTanh)
    return x / (1.0 + std::exp(-2.0 * 0.79788456080286535588 * (x + 0.044715 * (x * x * x))));
  else if constexpr (F == Fn::Swish)
    return x / (1.0 + std::exp(-a.alpha * x));
  else if constexpr (F == Fn::Elu)
    return x >= 0 ? x : a.alpha * std::expm1(x);
  else if constexpr (F == Fn::Selu)
    return x > 0 ? a.gamma * x : x == 0 ? 0.0 : a.gamma * a.alpha * std::expm1(x);
  else if constexpr (F == Fn::Celu)
    return x >= 0 ? x : a.alpha == 0 ? 0.0 : a.alpha * std::expm1(x / a.alpha);
  else
    return std::pow(x, a.y);
}

// The relative error the Ziv test allows the estimate (see the header comment).
inline constexpr double kEstimateError = 0x1p-36;

template <class S>
inline bool same_bits(S a, S b) {
  if constexpr (is_small_float_storage<S>)
    return a.bits == b.bits;
  else
    return std::memcmp(&a, &b, sizeof(S)) == 0;
}

// The fast path: true and the result in `out` when the double estimate decides the rounding.
template <Fn F, class S>
inline bool fast_path(S x, const Args& args, S& out) {
  if constexpr (std::is_same_v<S, double>) {
    return false;
  } else {
    const double xd = widen(x);
    const double y = estimate<F>(xd, args);
    if (y == 0) {
      out = narrow<S>(y);
      return std::isfinite(xd);
    }
    if (!std::isfinite(y)) {
      // At a finite x: NaN comes from glibc's exact domain checks (log of a negative, asin beyond
      // 1, a negative base to a non-integer power); infinity is a pole (exact) or an overflow of
      // double, whose exact value is beyond the largest float, float16 and bfloat16 anyway. At an
      // infinite x, a composite's x * g(x) may be NaN where the limit is wanted: MPFR decides.
      out = narrow<S>(y);
      return std::isfinite(xd);
    }
    const double d = std::fabs(y) * kEstimateError;
    out = narrow<S>(y - d);
    return same_bits(out, narrow<S>(y + d));
  }
}

// f(x) correctly rounded to S, for S = Float16Bits, BFloat16Bits, float or double.
template <Fn F, class S>
inline S evaluate(S x, const Args& args = {}) {
  S out;
  if (fast_path<F>(x, args, out)) return out;
  return narrow<S>(correctly_rounded(F, format_of<S>(), widen(x), args));
}

// Named entry points (stable API for kernels: Softmax, LogSoftmax, the normalizations).
template <class S>
inline S exp(S x) {
  return evaluate<Fn::Exp>(x);
}
template <class S>
inline S log(S x) {
  return evaluate<Fn::Log>(x);
}
template <class S>
inline S sqrt(S x) {
  return evaluate<Fn::Sqrt>(x);
}
template <class S>
inline S sin(S x) {
  return evaluate<Fn::Sin>(x);
}
template <class S>
inline S cos(S x) {
  return evaluate<Fn::Cos>(x);
}
template <class S>
inline S tan(S x) {
  return evaluate<Fn::Tan>(x);
}
template <class S>
inline S asin(S x) {
  return evaluate<Fn::Asin>(x);
}
template <class S>
inline S acos(S x) {
  return evaluate<Fn::Acos>(x);
}
template <class S>
inline S atan(S x) {
  return evaluate<Fn::Atan>(x);
}
template <class S>
inline S sinh(S x) {
  return evaluate<Fn::Sinh>(x);
}
template <class S>
inline S cosh(S x) {
  return evaluate<Fn::Cosh>(x);
}
template <class S>
inline S tanh(S x) {
  return evaluate<Fn::Tanh>(x);
}
template <class S>
inline S asinh(S x) {
  return evaluate<Fn::Asinh>(x);
}
template <class S>
inline S acosh(S x) {
  return evaluate<Fn::Acosh>(x);
}
template <class S>
inline S atanh(S x) {
  return evaluate<Fn::Atanh>(x);
}
template <class S>
inline S erf(S x) {
  return evaluate<Fn::Erf>(x);
}
template <class S>
inline S sigmoid(S x) {
  return evaluate<Fn::Sigmoid>(x);
}
template <class S>
inline S softplus(S x) {
  return evaluate<Fn::Softplus>(x);
}
template <class S>
inline S mish(S x) {
  return evaluate<Fn::Mish>(x);
}
template <class S>
inline S gelu(S x) {
  return evaluate<Fn::GeluErf>(x);
}
template <class S>
inline S gelu_tanh(S x) {
  return evaluate<Fn::GeluTanh>(x);
}
template <class S>
inline S swish(S x, float alpha) {
  return evaluate<Fn::Swish>(x, {0, alpha, 0});
}
template <class S>
inline S elu(S x, float alpha) {
  return evaluate<Fn::Elu>(x, {0, alpha, 0});
}
template <class S>
inline S selu(S x, float alpha, float gamma) {
  return evaluate<Fn::Selu>(x, {0, alpha, gamma});
}
template <class S>
inline S celu(S x, float alpha) {
  return evaluate<Fn::Celu>(x, {0, alpha, 0});
}
// x^y with an exponent that is exact as a double (any float value, an integer up to 2^53).
template <class S>
inline S pow(S x, double y) {
  return evaluate<Fn::Pow>(x, {y, 0, 0});
}

}  // namespace onnx_ref::numeric
