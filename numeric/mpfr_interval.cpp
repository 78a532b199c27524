#include "numeric/mpfr_interval.h"

#include <cmath>
#include <limits>

namespace onnx_ref::numeric {

void free_mpfr_caches_at_thread_exit() {
  struct Release {
    ~Release() { mpfr_free_cache(); }
  };
  thread_local Release release;
  (void)release;
}

namespace {

// A scratch MPFR number of a given precision, cleared on scope exit.
struct Scratch {
  explicit Scratch(mpfr_prec_t p) { mpfr_init2(v, p); }
  ~Scratch() { mpfr_clear(v); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  mpfr_t v;
};

using MpfrBinary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

// The four end-point combinations, each rounded down for the minimum and up for the maximum:
// the enclosure of a * b or a / b for any signs. NaN (0 * inf) makes the interval NaN.
void four_corners(Interval& r, const Interval& a, const Interval& b, MpfrBinary op) {
  const mpfr_prec_t p = r.precision();
  Scratch lo(p), hi(p), t(p);
  mpfr_srcptr as[2] = {a.lo, a.hi};
  mpfr_srcptr bs[2] = {b.lo, b.hi};
  bool nan = false;
  for (int i = 0; i < 4; ++i) {
    op(t.v, as[i / 2], bs[i % 2], MPFR_RNDD);
    nan = nan || mpfr_nan_p(t.v);
    if (i == 0 || mpfr_less_p(t.v, lo.v) || (mpfr_zero_p(t.v) && mpfr_zero_p(lo.v) && mpfr_signbit(t.v)))
      mpfr_set(lo.v, t.v, MPFR_RNDD);
    op(t.v, as[i / 2], bs[i % 2], MPFR_RNDU);
    nan = nan || mpfr_nan_p(t.v);
    if (i == 0 || mpfr_greater_p(t.v, hi.v) || (mpfr_zero_p(t.v) && mpfr_zero_p(hi.v) && !mpfr_signbit(t.v)))
      mpfr_set(hi.v, t.v, MPFR_RNDU);
  }
  if (nan) {
    mpfr_set_nan(r.lo);
    mpfr_set_nan(r.hi);
    return;
  }
  mpfr_set(r.lo, lo.v, MPFR_RNDD);
  mpfr_set(r.hi, hi.v, MPFR_RNDU);
}

}  // namespace

void set_point(Interval& r, double x) {
  mpfr_set_d(r.lo, x, MPFR_RNDD);
  mpfr_set_d(r.hi, x, MPFR_RNDU);
}

void set_decimal(Interval& r, const char* decimal) {
  mpfr_set_str(r.lo, decimal, 10, MPFR_RNDD);
  mpfr_set_str(r.hi, decimal, 10, MPFR_RNDU);
}

void set_pi(Interval& r) {
  mpfr_const_pi(r.lo, MPFR_RNDD);
  mpfr_const_pi(r.hi, MPFR_RNDU);
}

void apply_increasing(Interval& r, const Interval& a, MpfrUnary f) {
  f(r.lo, a.lo, MPFR_RNDD);
  f(r.hi, a.hi, MPFR_RNDU);
}

void apply_decreasing(Interval& r, const Interval& a, MpfrUnary f) {
  Scratch lo(r.precision());
  f(lo.v, a.hi, MPFR_RNDD);
  f(r.hi, a.lo, MPFR_RNDU);
  mpfr_set(r.lo, lo.v, MPFR_RNDD);
}

void negate(Interval& r, const Interval& a) {
  Scratch lo(r.precision());
  mpfr_neg(lo.v, a.hi, MPFR_RNDD);
  mpfr_neg(r.hi, a.lo, MPFR_RNDU);
  mpfr_set(r.lo, lo.v, MPFR_RNDD);
}

void add(Interval& r, const Interval& a, const Interval& b) {
  mpfr_add(r.lo, a.lo, b.lo, MPFR_RNDD);
  mpfr_add(r.hi, a.hi, b.hi, MPFR_RNDU);
}

void add_one(Interval& r, const Interval& a) {
  mpfr_add_ui(r.lo, a.lo, 1, MPFR_RNDD);
  mpfr_add_ui(r.hi, a.hi, 1, MPFR_RNDU);
}

void multiply(Interval& r, const Interval& a, const Interval& b) { four_corners(r, a, b, mpfr_mul); }

void divide(Interval& r, const Interval& a, const Interval& b) { four_corners(r, a, b, mpfr_div); }

void scale_2exp(Interval& r, const Interval& a, long k) {
  mpfr_mul_2si(r.lo, a.lo, k, MPFR_RNDD);
  mpfr_mul_2si(r.hi, a.hi, k, MPFR_RNDU);
}

}  // namespace onnx_ref::numeric

namespace onnx_ref::numeric {

namespace {
struct FormatSpec {
  long precision;  // significand bits, the leading one included
  long emin;       // exponent of the smallest normal number
  long emax;       // exponent of the largest finite number
};

FormatSpec spec_of(Format format) {
  switch (format) {
    case Format::Float16:
      return {11, -14, 15};
    case Format::BFloat16:
      return {8, -126, 127};
    case Format::Float:
      return {24, -126, 127};
    case Format::Double:
      break;
  }
  return {53, -1022, 1023};
}
}  // namespace

double round_to_format(mpfr_srcptr v, Format format) {
  if (mpfr_nan_p(v)) return std::numeric_limits<double>::quiet_NaN();
  const bool negative = mpfr_signbit(v);
  const double sign = negative ? -1.0 : 1.0;
  if (mpfr_inf_p(v)) return sign * std::numeric_limits<double>::infinity();
  if (mpfr_zero_p(v)) return sign * 0.0;
  const FormatSpec f = spec_of(format);
  const long e = static_cast<long>(mpfr_get_exp(v)) - 1;  // 2^e <= |v| < 2^(e+1)
  if (e > f.emax) return sign * std::numeric_limits<double>::infinity();
  const long bits = e >= f.emin ? f.precision : f.precision - (f.emin - e);
  if (bits <= 0) {
    // Below the smallest subnormal 2^(emin - p + 1): zero up to half of it (the tie goes to the
    // even zero), the smallest subnormal above.
    mpfr_t half;
    mpfr_init2(half, 8);
    mpfr_set_ui_2exp(half, 1, f.emin - f.precision, MPFR_RNDN);
    const bool above_half = mpfr_cmpabs(v, half) > 0;
    mpfr_clear(half);
    return above_half ? sign * std::ldexp(1.0, static_cast<int>(f.emin - f.precision + 1)) : sign * 0.0;
  }
  mpfr_t r;
  mpfr_init2(r, bits);
  mpfr_set(r, v, MPFR_RNDN);
  const double d = mpfr_get_d(r, MPFR_RNDN);  // exact: at most 53 bits within double's range
  mpfr_clear(r);
  const double max_finite =
      std::ldexp(2.0 - std::ldexp(1.0, static_cast<int>(1 - f.precision)), static_cast<int>(f.emax));
  if (std::fabs(d) > max_finite) return sign * std::numeric_limits<double>::infinity();
  return d;
}

}  // namespace onnx_ref::numeric
