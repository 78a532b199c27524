#pragma once
// The accumulators of ReduceLogSum and ReduceLogSumExp (ops/reduce/reduction.h applies them to
// every output element). Both are correctly rounded:
// - LogSum: log of the exact sum, rounded once (nearest, ties to even). The sum is exact
//   (numeric/exact_sum.h); a double estimate log(sum) decides the rounding when an error bound
//   around it rounds to one value of the element type (float, float16, bfloat16), otherwise, and
//   always for double, the log is evaluated in MPFR interval arithmetic on the exact sum (mpfr_sum
//   rounded down and up) with the precision doubled until the interval rounds to one value.
//   IEEE rules: the empty or exactly zero sum gives -inf, a negative sum NaN, +inf gives +inf.
// - LogSumExp: log(sum_j e^(x_j)) = m + log1p(T), m the largest element, T the sum of the other
//   terms e^(x_j - m) (nothing overflows, nothing cancels), rounded once the same way (a double
//   estimate inside a Ziv test, MPFR intervals otherwise). NaN gives NaN, +inf gives +inf, the
//   empty set or only -inf gives -inf; with no other finite element the result is m exactly.
// - Integers: the exact value truncated toward zero (as a cast of the real result), decided from
//   the same intervals; a sum <= 0 in LogSum and the empty LogSumExp have no integer value and are
//   an Error. An integer LogSumExp beyond the element type wraps (two's complement).
#include <cstdint>
#include <type_traits>
#include <vector>

#include "runtime/numeric_dispatch.h"
#include "runtime/scratch.h"

namespace onnx_ref {

float log_sum_run(const float* x, int64_t n);
double log_sum_run(const double* x, int64_t n);
Float16Bits log_sum_run(const Float16Bits* x, int64_t n);
BFloat16Bits log_sum_run(const BFloat16Bits* x, int64_t n);
// Integers as their exact values (int64_t for signed, uint64_t for unsigned types), the truncated
// result before it is narrowed to the element type.
__int128 log_sum_run_integer(const int64_t* x, int64_t n);
__int128 log_sum_run_integer(const uint64_t* x, int64_t n);

float log_sum_exp_run(const float* x, int64_t n);
double log_sum_exp_run(const double* x, int64_t n);
Float16Bits log_sum_exp_run(const Float16Bits* x, int64_t n);
BFloat16Bits log_sum_exp_run(const BFloat16Bits* x, int64_t n);
__int128 log_sum_exp_run_integer(const int64_t* x, int64_t n);
__int128 log_sum_exp_run_integer(const uint64_t* x, int64_t n);

template <bool kExp>
struct LogReductionAccumulator {
  static constexpr bool kTakesBool = false;
  template <class S>
  S operator()(const S* x, int64_t n) const {
    if constexpr (std::is_integral_v<S>) {
      using Wide = std::conditional_t<std::is_signed_v<S>, int64_t, uint64_t>;
      const MemoryCharge wide_charge = charge_scratch<Wide>(static_cast<uint64_t>(n), "the reduction's widened run");
      std::vector<Wide> wide(x, x + n);
      const __int128 r = kExp ? log_sum_exp_run_integer(wide.data(), n) : log_sum_run_integer(wide.data(), n);
      return static_cast<S>(static_cast<uint64_t>(r));  // wraps to the width
    } else {
      return kExp ? log_sum_exp_run(x, n) : log_sum_run(x, n);
    }
  }
};
using LogSumAccumulator = LogReductionAccumulator<false>;
using LogSumExpAccumulator = LogReductionAccumulator<true>;

}  // namespace onnx_ref
