#pragma once
// The accumulators of the Reduce* operators: each turns one contiguous run of elements into one
// output element (ops/reduce/reduction.h applies it to every output element). Each is a template
// over the element's storage type; the floating work that needs an exact sum lives in
// accumulators.cpp, one overload per floating storage type.
//
// Precision (the contract of each operator, repeated in its file):
// - Integers wrap as two's complement: sums, products, absolute values and squares are computed
//   in uint64_t (wrapping is defined there) and truncated to the element width.
// - Sum, L1 (sum of |x|) and SumSquare (sum of x*x) of float, double, float16, bfloat16: the exact
//   value rounded once to the element type (nearest, ties to even), whatever the order of the
//   elements. Squares of float16, bfloat16 and float are exact in double; a double square is split
//   into two doubles with an FMA, which is exact unless the square is below 2^-969 (where the
//   low part underflows): a double SumSquare is correctly rounded whenever no nonzero square is
//   that small. IEEE rules for NaN and infinities; an exactly zero sum is -0 only when every
//   addend is -0; the empty sum is +0.
// - Mean of floating types: the exact sum divided by n, rounded once (found by comparing the
//   exact sum with n times the midpoints around a candidate, in exact arithmetic). The empty mean
//   is NaN (0/0). Integer Mean: the exact sum (128-bit) divided by n, truncated toward zero, as
//   the ONNX reference's cast of the mean does; an empty integer mean is an Error (no value).
// - Prod: accumulated in double with the exponent kept apart, rounded once at the end (not the
//   correctly rounded product for long runs; see ProdAccumulator).
// - Max and Min: the largest (smallest) element itself, copied, never converted; a NaN anywhere
//   gives the first NaN of the run (NaN propagates, as numpy's maximum.reduce in the ONNX
//   reference); +0 counts as larger than -0. The empty Max is -inf (floating) or the type's
//   smallest value (false for bool); the empty Min is +inf or the largest value (true for bool).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

// The exact sums, rounded once to the element type (see above).
float exact_sum_run(const float* x, int64_t n);
double exact_sum_run(const double* x, int64_t n);
Float16Bits exact_sum_run(const Float16Bits* x, int64_t n);
BFloat16Bits exact_sum_run(const BFloat16Bits* x, int64_t n);
float exact_abs_sum_run(const float* x, int64_t n);
double exact_abs_sum_run(const double* x, int64_t n);
Float16Bits exact_abs_sum_run(const Float16Bits* x, int64_t n);
BFloat16Bits exact_abs_sum_run(const BFloat16Bits* x, int64_t n);
float exact_square_sum_run(const float* x, int64_t n);
double exact_square_sum_run(const double* x, int64_t n);
Float16Bits exact_square_sum_run(const Float16Bits* x, int64_t n);
BFloat16Bits exact_square_sum_run(const BFloat16Bits* x, int64_t n);
float exact_mean_run(const float* x, int64_t n);
double exact_mean_run(const double* x, int64_t n);
Float16Bits exact_mean_run(const Float16Bits* x, int64_t n);
BFloat16Bits exact_mean_run(const BFloat16Bits* x, int64_t n);
float exact_l2_run(const float* x, int64_t n);
double exact_l2_run(const double* x, int64_t n);
Float16Bits exact_l2_run(const Float16Bits* x, int64_t n);
BFloat16Bits exact_l2_run(const BFloat16Bits* x, int64_t n);
// floor(sqrt(sum of x*x)) for integer elements, the sum exact (Error beyond 2^128).
uint64_t integer_l2(const int64_t* x, int64_t n);
uint64_t integer_l2(const uint64_t* x, int64_t n);

struct SumAccumulator {
  static constexpr bool kTakesBool = false;
  template <class S>
  S operator()(const S* x, int64_t n) const {
    if constexpr (std::is_integral_v<S>) {
      uint64_t acc = 0;
      for (int64_t i = 0; i < n; ++i) acc += static_cast<uint64_t>(x[i]);
      return static_cast<S>(acc);
    } else {
      return exact_sum_run(x, n);
    }
  }
};

struct L1Accumulator {
  static constexpr bool kTakesBool = false;
  template <class S>
  S operator()(const S* x, int64_t n) const {
    if constexpr (std::is_integral_v<S>) {
      uint64_t acc = 0;
      for (int64_t i = 0; i < n; ++i) {
        const auto v = static_cast<uint64_t>(x[i]);
        acc += std::is_signed_v<S> && x[i] < 0 ? uint64_t{0} - v : v;  // |INT_MIN| wraps to INT_MIN
      }
      return static_cast<S>(acc);
    } else {
      return exact_abs_sum_run(x, n);
    }
  }
};

struct SumSquareAccumulator {
  static constexpr bool kTakesBool = false;
  template <class S>
  S operator()(const S* x, int64_t n) const {
    if constexpr (std::is_integral_v<S>) {
      uint64_t acc = 0;
      for (int64_t i = 0; i < n; ++i) acc += static_cast<uint64_t>(x[i]) * static_cast<uint64_t>(x[i]);
      return static_cast<S>(acc);
    } else {
      return exact_square_sum_run(x, n);
    }
  }
};

struct MeanAccumulator {
  static constexpr bool kTakesBool = false;
  template <class S>
  S operator()(const S* x, int64_t n) const {
    if constexpr (std::is_integral_v<S>) {
      if (n == 0) throw Error("the mean of an empty set of integers is undefined (a reduced axis has size 0)");
      __int128 acc = 0;  // |sum| < 2^63 * 2^64: no overflow
      for (int64_t i = 0; i < n; ++i) acc += static_cast<__int128>(x[i]);
      return static_cast<S>(acc / n);  // C++ division truncates toward zero
    } else {
      return exact_mean_run(x, n);
    }
  }
};

// The Euclidean norm sqrt(sum x*x). Floating: the exact sum of squares (as SumSquare), its square
// root rounded once, found by comparing the exact sum with the squared midpoints around a
// candidate; for double results this holds in [2^-450, 2^500] (where the squared midpoints are
// exact in two doubles), beyond which the result is the double square root of the sum rounded to
// double (within one ulp). Integers: floor(sqrt(exact sum)), truncated to the element width (the
// ONNX reference casts its float64 square root the same way, truncating).
struct L2Accumulator {
  static constexpr bool kTakesBool = false;
  template <class S>
  S operator()(const S* x, int64_t n) const {
    if constexpr (std::is_integral_v<S>) {
      std::vector<std::conditional_t<std::is_signed_v<S>, int64_t, uint64_t>> wide(x, x + n);
      return static_cast<S>(integer_l2(wide.data(), n));
    } else {
      return exact_l2_run(x, n);
    }
  }
};

// The product in double with the binary exponent kept apart (frexp after each factor), so that no
// intermediate product overflows or underflows; rounded to the element type once at the end. Each
// multiplication rounds to 53 bits, so long runs may depend on the order; an exact product needs
// a big integer growing with the run. Exact for any two float16/bfloat16/float factors.
struct ProdAccumulator {
  static constexpr bool kTakesBool = false;
  template <class S>
  S operator()(const S* x, int64_t n) const {
    if constexpr (std::is_integral_v<S>) {
      uint64_t acc = 1;
      for (int64_t i = 0; i < n; ++i) acc *= static_cast<uint64_t>(x[i]);
      return static_cast<S>(acc);
    } else {
      double m = 1;
      int64_t exponent = 0;
      for (int64_t i = 0; i < n; ++i) {
        m *= widen(x[i]);
        if (m != 0 && std::isfinite(m)) {
          int e;
          m = std::frexp(m, &e);
          exponent += e;
        }
      }
      if (m != 0 && std::isfinite(m)) {
        // ldexp takes an int; beyond ±100000 the result is 0 or infinity anyway.
        m = std::ldexp(m, static_cast<int>(std::clamp<int64_t>(exponent, -100000, 100000)));
      }
      return narrow<S>(m);
    }
  }
};

// Orders elements for Max and Min: a key that compares like the value, with +0 above -0.
// NaN is handled before any key is taken.
template <class S>
bool is_nan_element(S v) {
  if constexpr (std::is_integral_v<S> || std::is_same_v<S, BoolByte>)
    return false;
  else
    return std::isnan(widen(v));
}
template <class S>
auto order_key(S v) {
  if constexpr (std::is_same_v<S, BoolByte>)
    return v.value;
  else if constexpr (std::is_integral_v<S>)
    return v;
  else {
    const double d = widen(v);
    return std::pair<double, int>{d, std::signbit(d) ? 0 : 1};  // the second part orders -0 below +0
  }
}

template <class S>
S lowest_element() {
  if constexpr (std::is_same_v<S, BoolByte>)
    return {0};
  else if constexpr (std::is_integral_v<S>)
    return std::numeric_limits<S>::min();
  else
    return narrow<S>(-std::numeric_limits<double>::infinity());
}
template <class S>
S highest_element() {
  if constexpr (std::is_same_v<S, BoolByte>)
    return {1};
  else if constexpr (std::is_integral_v<S>)
    return std::numeric_limits<S>::max();
  else
    return narrow<S>(std::numeric_limits<double>::infinity());
}

// Max (kLargest) or Min of a run; see the header comment for NaN, zeros and the empty run.
template <bool kLargest>
struct ExtremumAccumulator {
  static constexpr bool kTakesBool = true;
  template <class S>
  S operator()(const S* x, int64_t n) const {
    S best = kLargest ? lowest_element<S>() : highest_element<S>();
    for (int64_t i = 0; i < n; ++i) {
      if (is_nan_element(x[i])) return x[i];
      const auto k = order_key(x[i]), b = order_key(best);
      if (kLargest ? k > b : k < b) best = x[i];
    }
    return best;
  }
};
using MaxAccumulator = ExtremumAccumulator<true>;
using MinAccumulator = ExtremumAccumulator<false>;

}  // namespace onnx_ref
