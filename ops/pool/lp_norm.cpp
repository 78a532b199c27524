// The correctly rounded p-norm of a window (lp_norm.h). Each |x|^p is exact in MPFR (53 p bits).
// The sum is enclosed by mpfr_sum rounded down and up, its p-th root likewise, and the precision
// raised until both ends round to the same value of the format; once the precision holds the whole
// exponent range of the terms the sum is exact, and then only the root's precision grows. That
// terminates: a root that is a midpoint of the format is a dyadic number, exact at some precision,
// where both ends coincide.
#include "ops/pool/lp_norm.h"

#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include "numeric/mpfr_interval.h"
#include "runtime/error.h"

namespace onnx_ref::pool {

namespace {

// An MPFR number freed on scope exit.
struct LpMpfr {
  explicit LpMpfr(mpfr_prec_t precision) { mpfr_init2(v, precision); }
  ~LpMpfr() { mpfr_clear(v); }
  LpMpfr(const LpMpfr&) = delete;
  LpMpfr& operator=(const LpMpfr&) = delete;
  mpfr_t v;
};

}  // namespace

double lp_norm_rounded(std::span<const double> values, int64_t p, numeric::Format format) {
  bool nan = false, inf = false;
  std::vector<double> mags;
  for (double x : values) {
    if (std::isnan(x))
      nan = true;
    else if (std::isinf(x))
      inf = true;
    else if (x != 0)
      mags.push_back(std::fabs(x));
  }
  if (nan) return std::numeric_limits<double>::quiet_NaN();
  if (inf) return std::numeric_limits<double>::infinity();
  if (mags.empty()) return 0.0;
  numeric::free_mpfr_caches_at_thread_exit();
  const auto up = static_cast<unsigned long>(p);
  std::vector<std::unique_ptr<LpMpfr>> terms;
  std::vector<mpfr_ptr> ptrs;
  long emax = std::numeric_limits<long>::min(), emin = std::numeric_limits<long>::max();
  for (double m : mags) {
    terms.push_back(std::make_unique<LpMpfr>(static_cast<mpfr_prec_t>(53 * p)));
    mpfr_ptr t = terms.back()->v;
    mpfr_set_d(t, m, MPFR_RNDN);
    mpfr_pow_ui(t, t, up, MPFR_RNDN);  // exact: 53 p bits hold the power of a 53-bit significand
    emax = std::max(emax, static_cast<long>(mpfr_get_exp(t)));
    emin = std::min(emin, static_cast<long>(mpfr_get_exp(t)));
    ptrs.push_back(t);
  }
  // Enough bits for the exact sum: the exponent span, each term's bits and the carries.
  const mpfr_prec_t exact_bits = static_cast<mpfr_prec_t>(emax - emin + 53 * p + 64 + 64);
  for (mpfr_prec_t prec = 96;; prec *= 2) {
    const mpfr_prec_t sum_prec = std::min(prec, exact_bits);
    LpMpfr lo(sum_prec), hi(sum_prec);
    const int t_lo = mpfr_sum(lo.v, ptrs.data(), ptrs.size(), MPFR_RNDD);
    const int t_hi = mpfr_sum(hi.v, ptrs.data(), ptrs.size(), MPFR_RNDU);
    (void)t_lo;
    (void)t_hi;
    LpMpfr root_lo(prec), root_hi(prec);
    mpfr_rootn_ui(root_lo.v, lo.v, up, MPFR_RNDD);
    mpfr_rootn_ui(root_hi.v, hi.v, up, MPFR_RNDU);
    const double a = numeric::round_to_format(root_lo.v, format);
    const double b = numeric::round_to_format(root_hi.v, format);
    if (a == b) return a;
    if (prec > (mpfr_prec_t{1} << 24)) throw std::logic_error("lp_norm_rounded: no decision");
  }
}

int64_t read_lp_pool_p(const Attributes& attrs) {
  const AttrValue& v = attrs.get("p");
  double p = 0;
  if (const auto* f = std::get_if<float>(&v))
    p = *f;
  else
    p = static_cast<double>(std::get<int64_t>(v));
  if (!(p >= 1 && p <= static_cast<double>(kMaxLpPoolP) && p == std::floor(p)))
    throw Error(
        "attribute 'p' must be a whole number from 1 to " + std::to_string(kMaxLpPoolP) + ", got " +
        (std::holds_alternative<float>(v) ? std::to_string(std::get<float>(v)) : std::to_string(std::get<int64_t>(v))));
  return static_cast<int64_t>(p);
}

}  // namespace onnx_ref::pool
