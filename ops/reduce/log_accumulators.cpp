// ReduceLogSum and ReduceLogSumExp runs, correctly rounded; the contract and the method are in
// ops/reduce/log_accumulators.h. Error bounds of the double estimates (glibc's exp, log and log1p
// are within one ulp, 2^-52 relative):
// - LogSum of float, float16, bfloat16: the exact sum rounded to double has relative error 2^-53,
//   which moves its log by at most 2^-53 (absolute); the log itself adds one ulp of the result.
// - LogSumExp: as ops/softmax/softmax_lines.cpp shows, T is computed with relative error below
//   delta = 2^-42 + (n + 4) 2^-53, which moves log1p(T) by at most delta (absolute: d log1p(T) =
//   dT / (1 + T)); log1p adds one ulp of L, the addition m + L one ulp of the result; terms below
//   double's range add at most 2^-1074 each.
// A real value never sits exactly between two neighbours here unless it is exact (log of 1, or m
// itself with T = 0, both caught as points): log of a rational other than 1 is transcendental, and
// m + log1p(T) with T > 0 a sum of powers of e is too, so the doubling precision always ends.
#include "ops/reduce/log_accumulators.h"

#include <mpfr.h>

#include <cmath>
#include <limits>
#include <vector>

#include "numeric/exact_sum.h"
#include "numeric/mpfr_interval.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

using numeric::Interval;

constexpr mpfr_prec_t kLogReductionMaxPrecision = 1 << 14;
constexpr double kLogReductionInf = std::numeric_limits<double>::infinity();

[[noreturn]] void log_reduction_undecided() {
  throw Error(
      "the MPFR interval evaluation of this log reduction did not decide its rounding at 16384 bits; onnx-ref refuses "
      "it rather than guess");
}

// The element both ends of `v` round to, when they agree.
template <class S>
bool log_reduction_decide(const Interval& v, S& out) {
  const numeric::Format format = numeric::format_of<S>();
  const double a = numeric::round_to_format(v.lo, format), b = numeric::round_to_format(v.hi, format);
  if (std::isnan(a) || a != b || std::signbit(a) != std::signbit(b)) return false;
  out = narrow<S>(a);
  return true;
}

// A double estimate v of a real value within eps (absolute): decided when v - eps and v + eps
// round to the same element (the Ziv test).
template <class S>
bool log_reduction_ziv(double v, double eps, S& out) {
  const S a = narrow<S>(v - eps), b = narrow<S>(v + eps);
  const double wa = widen(a), wb = widen(b);
  if (wa != wb || std::signbit(wa) != std::signbit(wb)) return false;
  out = a;
  return true;
}

// The elements of a run as exact MPFR numbers (53 bits hold every double), for mpfr_sum.
struct LogSumTerms {
  std::vector<__mpfr_struct> storage;
  std::vector<mpfr_ptr> pointers;
  explicit LogSumTerms(size_t n) : storage(n), pointers(n) {
    for (size_t i = 0; i < n; ++i) {
      mpfr_init2(&storage[i], 53);
      pointers[i] = &storage[i];
    }
  }
  ~LogSumTerms() {
    for (auto& s : storage) mpfr_clear(&s);
  }
  LogSumTerms(const LogSumTerms&) = delete;
  LogSumTerms& operator=(const LogSumTerms&) = delete;
};

template <class S>
S log_sum_floating(const S* x, int64_t n) {
  bool nan = false, positive_infinity = false, negative_infinity = false;
  ExactSum sum;
  for (int64_t i = 0; i < n; ++i) {
    const double w = widen(x[i]);
    if (std::isnan(w))
      nan = true;
    else if (std::isinf(w))
      (w > 0 ? positive_infinity : negative_infinity) = true;
    else
      sum.add(w);
  }
  // A -inf makes the sum -inf or NaN, whose log is NaN.
  if (nan || negative_infinity) return narrow<S>(std::numeric_limits<double>::quiet_NaN());
  if (positive_infinity) return narrow<S>(kLogReductionInf);
  const int sign = sum.sign();
  if (sign == 0) return narrow<S>(-kLogReductionInf);  // log of +0 or -0, and the empty sum
  if (sign < 0) return narrow<S>(std::numeric_limits<double>::quiet_NaN());
  if constexpr (!std::is_same_v<S, double>) {
    const double v = std::log(sum.round_nearest());  // sums of these formats are normal doubles
    S out;
    if (log_reduction_ziv(v, 0x1p-52 + 0x1p-51 * std::fabs(v), out)) return out;
  }
  LogSumTerms terms(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) mpfr_set_d(terms.pointers[static_cast<size_t>(i)], widen(x[i]), MPFR_RNDN);
  for (mpfr_prec_t precision = 64; precision <= kLogReductionMaxPrecision; precision *= 2) {
    Interval total(precision), result(precision);
    mpfr_sum(total.lo, terms.pointers.data(), static_cast<unsigned long>(n), MPFR_RNDD);
    mpfr_sum(total.hi, terms.pointers.data(), static_cast<unsigned long>(n), MPFR_RNDU);
    numeric::apply_increasing(result, total, mpfr_log);
    S out;
    if (log_reduction_decide(result, out)) return out;
  }
  log_reduction_undecided();
}

template <class S>
S log_sum_exp_floating(const S* x, int64_t n) {
  bool nan = false, positive_infinity = false;
  double m = 0;
  int64_t top = -1;
  for (int64_t i = 0; i < n; ++i) {
    const double w = widen(x[i]);
    nan |= std::isnan(w);
    positive_infinity |= w == kLogReductionInf;
    if (std::isfinite(w) && (top < 0 || w > m)) {
      m = w;
      top = i;
    }
  }
  if (nan) return narrow<S>(std::numeric_limits<double>::quiet_NaN());
  if (positive_infinity) return narrow<S>(kLogReductionInf);
  if (top < 0) return narrow<S>(-kLogReductionInf);  // the empty set, or only -inf: log(0)
  bool others = false;                               // whether T > 0
  for (int64_t j = 0; j < n; ++j) others |= j != top && std::isfinite(widen(x[j]));
  if (!others) return x[top];  // log(e^m) = m exactly
  if constexpr (!std::is_same_v<S, double>) {
    double t = 0;
    for (int64_t j = 0; j < n; ++j) {
      const double w = widen(x[j]);
      if (j != top && std::isfinite(w)) t += std::exp(w - m);
    }
    const double l = std::log1p(t), v = m + l;
    const double delta = 0x1p-42 + static_cast<double>(n + 4) * 0x1p-53;
    const double eps = delta + 0x1p-52 * l + 0x1p-52 * std::fabs(v) + static_cast<double>(n) * 0x1p-1000;
    S out;
    if (log_reduction_ziv(v, eps, out)) return out;
  }
  for (mpfr_prec_t precision = 64; precision <= kLogReductionMaxPrecision; precision *= 2) {
    Interval minus_m(precision), d(precision), e(precision), t(precision), l(precision), y(precision);
    numeric::set_point(minus_m, -m);
    mpfr_set_zero(t.lo, 1);
    mpfr_set_zero(t.hi, 1);
    for (int64_t j = 0; j < n; ++j) {
      const double w = widen(x[j]);
      if (j == top || !std::isfinite(w)) continue;
      numeric::set_point(d, w);
      numeric::add(d, d, minus_m);
      numeric::apply_increasing(e, d, mpfr_exp);
      numeric::add(t, t, e);
    }
    numeric::apply_increasing(l, t, mpfr_log1p);
    numeric::set_point(y, m);
    numeric::add(y, y, l);
    S out;
    if (log_reduction_decide(y, out)) return out;
  }
  log_reduction_undecided();
}

// floor of a real value enclosed by `v`, when both ends agree (the values here are below 2^62).
bool log_reduction_floor(const Interval& v, int64_t& k) {
  if (mpfr_nan_p(v.lo) || mpfr_nan_p(v.hi)) return false;
  const int64_t a = mpfr_get_sj(v.lo, MPFR_RNDD), b = mpfr_get_sj(v.hi, MPFR_RNDD);
  if (a != b) return false;
  k = a;
  return true;
}

template <class I>
__int128 log_sum_integer(const I* x, int64_t n) {
  __int128 sum = 0;  // |x| < 2^64 and n < 2^61 (elements in memory): below 2^125
  for (int64_t i = 0; i < n; ++i) sum += static_cast<__int128>(x[i]);
  if (sum <= 0)
    throw Error("the log of an integer sum <= 0 (-inf or NaN) has no integer value (a reduced run sums to 0 or less)");
  if (sum == 1) return 0;
  // log(sum) > 0.69: truncation is the floor; log of an integer >= 2 is never an integer.
  const double v = std::log(static_cast<double>(sum));
  const double eps = 0x1p-52 + 0x1p-51 * v;
  if (std::floor(v - eps) == std::floor(v + eps)) return static_cast<__int128>(std::floor(v));
  const auto magnitude = static_cast<unsigned __int128>(sum);
  for (mpfr_prec_t precision = 128; precision <= kLogReductionMaxPrecision; precision *= 2) {
    Interval s(precision), result(precision);
    mpfr_set_uj(s.lo, static_cast<uintmax_t>(magnitude >> 64), MPFR_RNDN);  // exact: 128 bits
    mpfr_mul_2ui(s.lo, s.lo, 64, MPFR_RNDN);
    mpfr_add_ui(s.lo, s.lo, static_cast<unsigned long>(static_cast<uint64_t>(magnitude)), MPFR_RNDN);
    mpfr_set(s.hi, s.lo, MPFR_RNDN);
    numeric::apply_increasing(result, s, mpfr_log);
    int64_t k;
    if (log_reduction_floor(result, k)) return k;
  }
  log_reduction_undecided();
}

template <class I>
__int128 log_sum_exp_integer(const I* x, int64_t n) {
  if (n == 0)
    throw Error("the LogSumExp of an empty set is -inf, which has no integer value (a reduced axis has size 0)");
  int64_t top = 0;
  for (int64_t i = 1; i < n; ++i)
    if (x[i] > x[top]) top = i;
  const auto m = static_cast<__int128>(x[top]);
  if (n == 1) return m;
  // k = floor(L), L = log1p(T) with T > 0 a sum of powers of e: never an integer.
  int64_t k = 0;
  bool decided = false;
  {
    double t = 0;
    for (int64_t j = 0; j < n; ++j)
      if (j != top) t += std::exp(static_cast<double>(static_cast<__int128>(x[j]) - m));  // exact below 2^53, else 0
    const double l = std::log1p(t);
    const double eps =
        0x1p-42 + static_cast<double>(n + 4) * 0x1p-53 + 0x1p-52 * l + static_cast<double>(n) * 0x1p-1000;
    if (std::floor(l - eps) == std::floor(l + eps)) {
      k = static_cast<int64_t>(std::floor(l));
      decided = true;
    }
  }
  for (mpfr_prec_t precision = 64; !decided; precision *= 2) {
    if (precision > kLogReductionMaxPrecision) log_reduction_undecided();
    Interval d(precision), e(precision), t(precision), l(precision);
    mpfr_set_zero(t.lo, 1);
    mpfr_set_zero(t.hi, 1);
    constexpr __int128 kFar = -(static_cast<__int128>(1) << 62);  // e^(-2^62) is below MPFR's range
    for (int64_t j = 0; j < n; ++j) {
      if (j == top) continue;
      const __int128 dj = static_cast<__int128>(x[j]) - m;
      if (dj < kFar) {
        mpfr_set_inf(d.lo, -1);
        mpfr_set_sj(d.hi, static_cast<intmax_t>(kFar), MPFR_RNDU);
      } else {
        mpfr_set_sj(d.lo, static_cast<intmax_t>(dj), MPFR_RNDD);  // exact at 64 bits
        mpfr_set_sj(d.hi, static_cast<intmax_t>(dj), MPFR_RNDU);
      }
      numeric::apply_increasing(e, d, mpfr_exp);
      numeric::add(t, t, e);
    }
    numeric::apply_increasing(l, t, mpfr_log1p);
    decided = log_reduction_floor(l, k);
  }
  // trunc(m + L): m + L >= m + k >= 0 gives m + k; otherwise m + L < m + k + 1 <= 0 gives m + k + 1.
  return m + k >= 0 ? m + k : m + k + 1;
}

}  // namespace

float log_sum_run(const float* x, int64_t n) { return log_sum_floating(x, n); }
double log_sum_run(const double* x, int64_t n) { return log_sum_floating(x, n); }
Float16Bits log_sum_run(const Float16Bits* x, int64_t n) { return log_sum_floating(x, n); }
BFloat16Bits log_sum_run(const BFloat16Bits* x, int64_t n) { return log_sum_floating(x, n); }
__int128 log_sum_run_integer(const int64_t* x, int64_t n) { return log_sum_integer(x, n); }
__int128 log_sum_run_integer(const uint64_t* x, int64_t n) { return log_sum_integer(x, n); }

float log_sum_exp_run(const float* x, int64_t n) { return log_sum_exp_floating(x, n); }
double log_sum_exp_run(const double* x, int64_t n) { return log_sum_exp_floating(x, n); }
Float16Bits log_sum_exp_run(const Float16Bits* x, int64_t n) { return log_sum_exp_floating(x, n); }
BFloat16Bits log_sum_exp_run(const BFloat16Bits* x, int64_t n) { return log_sum_exp_floating(x, n); }
__int128 log_sum_exp_run_integer(const int64_t* x, int64_t n) { return log_sum_exp_integer(x, n); }
__int128 log_sum_exp_run_integer(const uint64_t* x, int64_t n) { return log_sum_exp_integer(x, n); }

}  // namespace onnx_ref
