// Softmax and LogSoftmax lines, correctly rounded: each output is the exact value of
//   softmax_i = e^(x_i - m) / sum_j e^(x_j - m)   or   logsoftmax_i = (x_i - m) - log(sum_j e^(x_j - m))
// (m the line's maximum; the exact value does not depend on m) rounded once to the element type.
//
// How: the line's maximum element a contributes e^0 = 1 exactly, so the sum is 1 + T with T the
// sum of the other terms; softmax_i = e^(d_i) / (1 + T) and logsoftmax_i = d_i - log1p(T), where
// d_i = x_i - m <= 0 and log1p(T) >= 0: nothing cancels. A double estimate v_i (softmax_line_estimate)
// is within delta |v_i| of the exact value. If v_i(1 - delta) and v_i(1 + delta) round to the same
// value of the element type, the exact value does too (the Ziv test). Otherwise, and always for
// double elements, the line is evaluated in MPFR interval arithmetic (numeric/mpfr_interval.h) at
// 64 bits, doubling the precision until every element's interval rounds to one value. A softmax
// or log-softmax value is transcendental unless every finite d_j is 0, where it is rational and
// the intervals are points, so the loop ends.
//
// The bound: each e^(d_j) is glibc's exp, within one ulp (2^-52 relative) for normal results, of
// d_j = x_j - m, which double computes exactly unless the two exponents are far apart (checked per
// element with TwoSum); a rounded d_j moves e^(d_j) by a factor below 1 + 1.001 |d_j| 2^-53 where
// e^(d_j) is above double's underflow (|d_j| < 746). So every term is within eps_e = 2^-52 +
// 1.001 max|d_j| 2^-53 (rounded d_j only) relative. T is their exact sum rounded once (ExactSum),
// within eps_e + 2^-53; 1 + T adds 2^-53 and the division 2^-53: softmax is within 2 eps_e + 2^-52 +
// 2^-53 plus second-order terms. For log-softmax, |v_i| = |d_i| + log1p(T) (same signs), the
// rounded d_i is within 2^-53 |d_i|, log1p(T) within eps_T + 2^-52 relative (glibc's log1p within
// one ulp, and an error eps_T in T moves log1p(T) by at most eps_T T / (1 + T) <= eps_T log1p(T)),
// the subtraction 2^-53. delta = 4 eps_e + 2^-50 covers both (2^-49 when every d_j is exact, so
// about one element in 2^24 is left undecided, and its line goes to MPFR). Terms below double's
// normal range carry an absolute error under 2^-1074 each; beside 1 + T that is below n 2^-1074,
// and a softmax value that small rounds to +0 in every format taken here. A log-softmax with
// 0 < T < 2^-900 (its maximum's value -log1p(T) is then that small) goes to MPFR.
//
// Special values follow the formula in IEEE arithmetic: a NaN or a +inf in the line, or a line of
// only -inf, makes the whole line NaN (x - m is NaN there); a -inf element gives 0 (Softmax) or
// -inf (LogSoftmax). A log-softmax exactly 0 (the maximum of a line with no other finite element)
// is +0; one that rounds to zero from below is -0.
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include "numeric/exact_sum.h"
#include "numeric/mpfr_interval.h"
#include "ops/float_dispatch.h"
#include "ops/softmax/softmax_family.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

using numeric::Interval;

struct Line {
  std::vector<double> x;  // the elements, exactly
  double m = 0;           // the maximum
  size_t top = 0;         // the first element equal to m: its term is exactly 1
  std::vector<double> estimate, scratch;
};

// Whether double computed x - m exactly as d (Knuth's TwoSum leaves no rounding error).
bool softmax_difference_exact(double x, double m, double d) {
  const double b_virtual = d - x;
  const double a_virtual = d - b_virtual;
  return (x - a_virtual) + (-m - b_virtual) == 0;
}

// The exact results of one line at `precision` bits, as intervals; decides every element whose
// interval rounds to one value of `format` and leaves the rest NaN in `decided`.
bool mpfr_line(const Line& line, bool logarithm, numeric::Format format, mpfr_prec_t precision,
               std::vector<double>& result, std::vector<bool>& decided) {
  const size_t n = line.x.size();
  // 2n intervals, each two MPFR numbers of `precision` bits and their heads.
  const MemoryCharge intervals_charge =
      charge_memory(checked_bytes(2 * static_cast<uint64_t>(n),
                                  sizeof(void*) + sizeof(Interval) + 2 * (static_cast<uint64_t>(precision) / 8 + 16),
                                  "the softmax line's exact terms"),
                    "the softmax line's exact terms");
  std::vector<std::unique_ptr<Interval>> d(n), e(n);
  Interval m(precision), t(precision), denominator(precision), y(precision), lo_end(precision);
  numeric::set_point(m, line.m);
  numeric::negate(m, m);
  mpfr_set_zero(t.lo, 1);
  mpfr_set_zero(t.hi, 1);
  for (size_t j = 0; j < n; ++j) {
    d[j] = std::make_unique<Interval>(precision);
    e[j] = std::make_unique<Interval>(precision);
    numeric::set_point(*d[j], line.x[j]);
    numeric::add(*d[j], *d[j], m);
    numeric::apply_increasing(*e[j], *d[j], mpfr_exp);
    if (j != line.top) numeric::add(t, t, *e[j]);
  }
  if (logarithm)
    numeric::apply_increasing(denominator, t, mpfr_log1p);  // log(1 + T)
  else
    numeric::add_one(denominator, t);
  bool all = true;
  for (size_t i = 0; i < n; ++i) {
    if (decided[i]) continue;
    if (logarithm) {
      numeric::negate(y, denominator);
      numeric::add(y, y, *d[i]);
    } else {
      numeric::divide(y, *e[i], denominator);
    }
    const double a = numeric::round_to_format(y.lo, format);
    double b = numeric::round_to_format(y.hi, format);
    // A log-softmax value is x_i - m - log1p(T) <= 0, and exactly 0 only when T = 0, where both
    // bounds are 0. Otherwise it is negative, and an upper bound of 0 comes from T underflowing
    // MPFR's exponent range (e^-(2e308)): the value rounds to -0 there at any precision.
    if (logarithm && b == 0) b = -0.0;
    if (mpfr_zero_p(y.lo) && mpfr_zero_p(y.hi)) {  // exactly 0 (a log-softmax with T = 0): +0
      result[i] = 0.0;
      decided[i] = true;
    } else if (a == b && std::signbit(a) == std::signbit(b)) {
      result[i] = a;
      decided[i] = true;
    } else {
      all = false;
    }
  }
  return all;
}

template <class S>
void one_line(const S* x, S* y, int64_t count, int64_t stride, bool logarithm, Line& line) {
  const auto n = static_cast<size_t>(count);
  line.x.resize(n);
  bool nan = false;
  line.m = -std::numeric_limits<double>::infinity();
  line.top = 0;
  for (size_t j = 0; j < n; ++j) {
    const double v = widen(x[static_cast<int64_t>(j) * stride]);
    line.x[j] = v;
    nan |= std::isnan(v);
    if (v > line.m) {
      line.m = v;
      line.top = j;
    }
  }
  auto store = [&](size_t i, double v) { y[static_cast<int64_t>(i) * stride] = narrow<S>(v); };
  if (nan || line.m == std::numeric_limits<double>::infinity() || line.m == -std::numeric_limits<double>::infinity()) {
    for (size_t i = 0; i < n; ++i) store(i, std::numeric_limits<double>::quiet_NaN());
    return;
  }
  bool other_finite = false;  // whether T > 0 exactly
  for (size_t j = 0; j < n; ++j) other_finite |= j != line.top && std::isfinite(line.x[j]);
  std::vector<double> result(n, 0.0);
  std::vector<bool> decided(n, false);
  bool all = true;
  if constexpr (!std::is_same_v<S, double>) {
    double delta = 0;
    if (softmax_line_estimate(line.x, line.m, line.top, logarithm, line.estimate, delta, line.scratch)) {
      for (size_t i = 0; i < n; ++i) {
        const double v = line.estimate[i];
        if (v == 0) {
          // Softmax: the exact value is below 2^-1074 (or exactly 0), +0 in every small format.
          // LogSoftmax: the maximum's -log1p(T); exactly 0 only when T = 0.
          result[i] = logarithm && other_finite ? -0.0 : 0.0;
          decided[i] = true;
          continue;
        }
        const S a = narrow<S>(v - std::fabs(v) * delta), b = narrow<S>(v + std::fabs(v) * delta);
        if (widen(a) == widen(b) || (std::isinf(v) && v < 0)) {
          result[i] = widen(a);
          decided[i] = true;
        } else {
          all = false;
        }
      }
    } else {
      all = false;
    }
  } else {
    all = false;
  }
  if (!all) {
    for (mpfr_prec_t precision = 64;; precision *= 2) {
      if (mpfr_line(line, logarithm, numeric::format_of<S>(), precision, result, decided)) break;
      // Every value is transcendental or decided exactly above, so the interval narrows to one
      // rounding; the bound is a guard against a mistake in that reasoning, never a guess.
      if (precision > (1 << 14))
        throw Error(
            "the MPFR interval evaluation of this line did not decide its rounding at 16384 bits; onnx-ref refuses it "
            "rather than guess");
    }
  }
  for (size_t i = 0; i < n; ++i) store(i, result[i]);
}

}  // namespace

bool softmax_line_estimate(const std::vector<double>& x, double m, size_t top, bool logarithm, std::vector<double>& v,
                           double& delta, std::vector<double>& terms) {
  const size_t n = x.size();
  terms.resize(n);
  v.resize(n);
  ExactSum sum;
  double rounded_d = 0;  // the largest |d_j| < 746 that double rounded
  for (size_t j = 0; j < n; ++j) {
    if (j == top) {
      terms[j] = 1.0;
      continue;
    }
    const double d = x[j] - m;
    if (d > -746.0 && !softmax_difference_exact(x[j], m, d)) rounded_d = std::max(rounded_d, -d);
    terms[j] = std::exp(d);
    sum.add(terms[j]);
  }
  const double t = sum.round_nearest();
  const double eps_e = 0x1p-52 + 1.001 * rounded_d * 0x1p-53;
  delta = 4 * eps_e + 0x1p-50;
  if (logarithm && t > 0 && t < 0x1p-900) return false;
  if (logarithm) {
    const double log_sum = std::log1p(t);
    for (size_t i = 0; i < n; ++i) v[i] = (i == top ? 0.0 : x[i] - m) - log_sum;
  } else {
    const double denominator = 1.0 + t;
    for (size_t i = 0; i < n; ++i) v[i] = terms[i] / denominator;
  }
  return true;
}

void softmax_lines(const Tensor& in, Tensor& out, const LineLayout& lines, bool logarithm) {
  dispatch_float(in.type(), "softmax_lines", [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* x = in.template data_as<S>();
    S* y = reinterpret_cast<S*>(out.mutable_data());
    // Lines are split over the threads; each line's outputs depend on that line alone.
    const int64_t total = lines.outer * lines.inner;
    parallel_for(total, std::max<int64_t>(1, (int64_t{1} << 14) / std::max<int64_t>(lines.count, 1)),
                 [&](int64_t l0, int64_t l1) {
                   numeric::free_mpfr_caches_at_thread_exit();  // the undecided lines use MPFR on this thread
                   const MemoryCharge line_charge =
                       charge_scratch<double>(5 * static_cast<uint64_t>(lines.count), "the softmax line's work arrays");
                   Line line;
                   for (int64_t l = l0; l < l1; ++l) {
                     const int64_t o = l / lines.inner, i = l % lines.inner;
                     const int64_t base = o * lines.count * lines.inner + i;
                     one_line(x + base, y + base, lines.count, lines.inner, logarithm, line);
                   }
                 });
  });
}

}  // namespace onnx_ref
