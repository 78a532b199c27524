// The slow path of numeric/elementary.h: each function as an MPFR interval expression made of
// monotone pieces without cancellation, narrowed by doubling the precision until both ends round to
// the same value of the target format.
#include "numeric/elementary.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "numeric/mpfr_interval.h"

namespace onnx_ref::numeric {
namespace {

MpfrUnary primitive(Fn f) {
  switch (f) {
    case Fn::Exp:
      return mpfr_exp;
    case Fn::Log:
      return mpfr_log;
    case Fn::Sqrt:
      return mpfr_sqrt;
    case Fn::Sin:
      return mpfr_sin;
    case Fn::Cos:
      return mpfr_cos;
    case Fn::Tan:
      return mpfr_tan;
    case Fn::Asin:
      return mpfr_asin;
    case Fn::Acos:
      return mpfr_acos;
    case Fn::Atan:
      return mpfr_atan;
    case Fn::Sinh:
      return mpfr_sinh;
    case Fn::Cosh:
      return mpfr_cosh;
    case Fn::Tanh:
      return mpfr_tanh;
    case Fn::Asinh:
      return mpfr_asinh;
    case Fn::Acosh:
      return mpfr_acosh;
    case Fn::Atanh:
      return mpfr_atanh;
    case Fn::Erf:
      return mpfr_erf;
    default:
      return nullptr;
  }
}

// r = 1 / (1 + e^w): the logistic function of -w, decreasing in w, never cancelling.
void logistic_of_negated(Interval& r, const Interval& w) {
  Interval e(r.precision());
  apply_increasing(e, w, mpfr_exp);
  add_one(e, e);
  Interval one(r.precision());
  set_point(one, 1.0);
  divide(r, one, e);
}

// r = x * g where g > 0 encloses a factor that tends to 0 where x is infinite: the product's limit
// there is a signed zero (x e^x -> 0), not the NaN of inf * 0.
void times_x(Interval& r, const Interval& x, const Interval& g, double xd) {
  if (std::isinf(xd) && g.is_zero()) {
    set_point(r, std::copysign(0.0, xd));
    return;
  }
  multiply(r, x, g);
}

// ln(1 + e^x) for x > 0 as x + ln(1 + e^-x): the same value, without e^x overflowing MPFR's range.
void softplus(Interval& r, const Interval& x, double xd) {
  Interval t(r.precision());
  if (xd > 0) {
    negate(t, x);
    apply_increasing(t, t, mpfr_exp);
    apply_increasing(t, t, mpfr_log1p);
    add(r, x, t);
  } else {
    apply_increasing(t, x, mpfr_exp);
    apply_increasing(r, t, mpfr_log1p);
  }
}

void enclose(Fn f, double xd, const Args& a, Interval& r) {
  const mpfr_prec_t p = r.precision();
  Interval x(p), t(p), g(p);
  set_point(x, xd);
  if (MpfrUnary m = primitive(f)) {
    apply_increasing(r, x, m);  // the image of a point: any function
    return;
  }
  switch (f) {
    case Fn::Sigmoid:
      negate(t, x);
      logistic_of_negated(r, t);
      return;
    case Fn::Softplus:
      softplus(r, x, xd);
      return;
    case Fn::Mish:
      softplus(t, x, xd);
      apply_increasing(g, t, mpfr_tanh);
      times_x(r, x, g, xd);
      return;
    case Fn::GeluErf: {
      // x/2 * erfc(-x / sqrt 2); erfc is decreasing.
      Interval s(p);
      set_point(s, 0.5);
      apply_increasing(s, s, mpfr_sqrt);
      multiply(t, x, s);
      negate(t, t);
      apply_decreasing(g, t, mpfr_erfc);
      scale_2exp(g, g, -1);
      times_x(r, x, g, xd);
      return;
    }
    case Fn::GeluTanh: {
      // x / (1 + e^(-2u)), u = sqrt(2/pi) (x + 0.044715 x^3).
      Interval c(p), k(p);
      set_pi(c);
      set_point(t, 2.0);
      divide(c, t, c);
      apply_increasing(c, c, mpfr_sqrt);
      set_decimal(k, "0.044715");
      multiply(t, x, x);
      multiply(t, t, x);
      multiply(t, t, k);
      add(t, t, x);
      multiply(t, t, c);
      scale_2exp(t, t, 1);
      negate(t, t);
      logistic_of_negated(g, t);
      times_x(r, x, g, xd);
      return;
    }
    case Fn::Swish:
      if (a.alpha == 0) {
        set_point(g, 0.5);
      } else {
        set_point(t, -a.alpha);
        multiply(t, t, x);
        logistic_of_negated(g, t);
      }
      times_x(r, x, g, xd);
      return;
    case Fn::Elu:
      if (xd >= 0) {
        set_point(r, xd);
      } else {
        apply_increasing(t, x, mpfr_expm1);
        set_point(g, a.alpha);
        multiply(r, t, g);
      }
      return;
    case Fn::Selu:
      set_point(g, a.gamma);
      if (xd > 0) {
        multiply(r, g, x);
      } else if (xd == 0) {
        set_point(r, 0.0);
      } else {
        apply_increasing(t, x, mpfr_expm1);
        multiply(t, t, g);
        set_point(g, a.alpha);
        multiply(r, t, g);
      }
      return;
    case Fn::Celu:
      if (xd >= 0) {
        set_point(r, xd);
      } else if (a.alpha == 0) {
        set_point(r, 0.0);
      } else {
        set_point(g, a.alpha);
        divide(t, x, g);
        apply_increasing(t, t, mpfr_expm1);
        multiply(r, t, g);
      }
      return;
    case Fn::Pow:
      set_point(t, a.y);
      mpfr_pow(r.lo, x.lo, t.lo, MPFR_RNDD);
      mpfr_pow(r.hi, x.hi, t.hi, MPFR_RNDU);
      return;
    default:
      mpfr_set_nan(r.lo);
      mpfr_set_nan(r.hi);
      return;
  }
}

}  // namespace

double correctly_rounded(Fn f, Format format, double x, const Args& args) {
  if (std::isnan(x) && f != Fn::Pow) return x;
  constexpr mpfr_prec_t kStart = 80, kLast = 1 << 14;
  for (mpfr_prec_t p = kStart;; p *= 2) {
    Interval r(p);
    enclose(f, x, args, r);
    const double lo = round_to_format(r.lo, format);
    const double hi = round_to_format(r.hi, format);
    if (std::isnan(lo) || std::isnan(hi)) return std::numeric_limits<double>::quiet_NaN();
    // Bit equality: +0 and -0 differ, and the sign of a zero result is part of the answer.
    if (std::memcmp(&lo, &hi, sizeof lo) == 0 || p >= kLast) return lo;
  }
}

}  // namespace onnx_ref::numeric
