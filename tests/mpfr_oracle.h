#pragma once
// The tests' oracle for numeric/elementary.h, written apart from it: the primitives are MPFR's own
// functions rounded once in an exponent range set to the target format's (mpfr_subnormalize, the
// method MPFR's manual gives for emulating IEEE formats); the composites are evaluated at 400 bits
// by their textbook formulas (Gelu's 1 + erf as erfc, which does not cancel) and then rounded the same way.
#include <mpfr.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "numeric/elementary.h"

namespace onnx_ref::oracle {

struct Target {
  int precision, emin, emax;  // IEEE parameters: significand bits, normal exponent range
};

inline Target target_of(numeric::Format f) {
  switch (f) {
    case numeric::Format::Float16:
      return {11, -14, 15};
    case numeric::Format::BFloat16:
      return {8, -126, 127};
    case numeric::Format::Float:
      return {24, -126, 127};
    default:
      return {53, -1022, 1023};
  }
}

// v rounded to the target (ternary: the sign of the rounding error of v itself, 0 when exact).
inline double round_ieee(mpfr_srcptr v, int ternary, numeric::Format f) {
  const Target t = target_of(f);
  const mpfr_exp_t old_emin = mpfr_get_emin(), old_emax = mpfr_get_emax();
  mpfr_t y;
  mpfr_init2(y, t.precision);
  int inex = mpfr_set(y, v, MPFR_RNDN);  // in MPFR's wide exponent range
  if (inex == 0) inex = ternary;
  mpfr_set_emin(t.emin - t.precision + 2);
  mpfr_set_emax(t.emax + 1);
  inex = mpfr_check_range(y, inex, MPFR_RNDN);
  mpfr_subnormalize(y, inex, MPFR_RNDN);
  const double d = mpfr_get_d(y, MPFR_RNDN);
  mpfr_set_emin(old_emin);
  mpfr_set_emax(old_emax);
  mpfr_clear(y);
  return d;
}

// f(x) correctly rounded to the format, as a double.
inline double reference(numeric::Fn f, numeric::Format format, double x, const numeric::Args& a = {}) {
  using numeric::Fn;
  mpfr_t v, t, X;
  mpfr_inits2(400, v, t, X, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(X, x, MPFR_RNDN);
  int inex = 1;  // composites: not exact (transcendental at nonzero points)
  const auto R = MPFR_RNDN;
  switch (f) {
    case Fn::Exp:
      inex = mpfr_exp(v, X, R);
      break;
    case Fn::Log:
      inex = mpfr_log(v, X, R);
      break;
    case Fn::Sqrt:
      inex = mpfr_sqrt(v, X, R);
      break;
    case Fn::Sin:
      inex = mpfr_sin(v, X, R);
      break;
    case Fn::Cos:
      inex = mpfr_cos(v, X, R);
      break;
    case Fn::Tan:
      inex = mpfr_tan(v, X, R);
      break;
    case Fn::Asin:
      inex = mpfr_asin(v, X, R);
      break;
    case Fn::Acos:
      inex = mpfr_acos(v, X, R);
      break;
    case Fn::Atan:
      inex = mpfr_atan(v, X, R);
      break;
    case Fn::Sinh:
      inex = mpfr_sinh(v, X, R);
      break;
    case Fn::Cosh:
      inex = mpfr_cosh(v, X, R);
      break;
    case Fn::Tanh:
      inex = mpfr_tanh(v, X, R);
      break;
    case Fn::Asinh:
      inex = mpfr_asinh(v, X, R);
      break;
    case Fn::Acosh:
      inex = mpfr_acosh(v, X, R);
      break;
    case Fn::Atanh:
      inex = mpfr_atanh(v, X, R);
      break;
    case Fn::Erf:
      inex = mpfr_erf(v, X, R);
      break;
    case Fn::Pow:
      mpfr_set_d(t, a.y, R);
      inex = mpfr_pow(v, X, t, R);
      break;
    case Fn::Sigmoid:  // 1 / (1 + e^-x)
      mpfr_neg(t, X, R), mpfr_exp(t, t, R), mpfr_add_ui(t, t, 1, R), mpfr_ui_div(v, 1, t, R);
      break;
    case Fn::Softplus:  // ln(1 + e^x); for x > 0 as x + ln(1 + e^-x), since e^x leaves MPFR's range
      if (x > 0)
        mpfr_neg(t, X, R), mpfr_exp(t, t, R), mpfr_log1p(t, t, R), mpfr_add(v, t, X, R);
      else
        mpfr_exp(t, X, R), mpfr_log1p(v, t, R);
      break;
    case Fn::Mish:
      mpfr_exp(t, X, R), mpfr_log1p(t, t, R), mpfr_tanh(t, t, R), mpfr_mul(v, X, t, R);
      break;
    case Fn::GeluErf:  // x/2 (1 + erf(x / sqrt 2)) = x/2 erfc(-x / sqrt 2): 1 + erf cancels for x < 0
      mpfr_sqrt_ui(t, 2, R), mpfr_div(t, X, t, R), mpfr_neg(t, t, R), mpfr_erfc(t, t, R);
      mpfr_mul(v, X, t, R), mpfr_div_2ui(v, v, 1, R);
      break;
    case Fn::GeluTanh: {  // x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
      // 1 + tanh(u) loses about 3|u| bits for u < 0: the precision grows with it.
      const double u = 0.8 * std::fabs(x + 0.044715 * x * x * x);
      const mpfr_prec_t p = 400 + static_cast<mpfr_prec_t>(x < 0 ? 3 * std::fmin(u, 2000.0) : 0.0);
      mpfr_set_prec(t, p), mpfr_set_prec(v, p);
      mpfr_t c;
      mpfr_init2(c, p);
      mpfr_const_pi(c, R), mpfr_ui_div(c, 2, c, R), mpfr_sqrt(c, c, R);
      mpfr_pow_ui(t, X, 3, R), mpfr_set_str(v, "0.044715", 10, R), mpfr_mul(t, t, v, R), mpfr_add(t, t, X, R);
      mpfr_mul(t, t, c, R), mpfr_tanh(t, t, R), mpfr_add_ui(t, t, 1, R), mpfr_mul(v, X, t, R), mpfr_div_2ui(v, v, 1, R);
      mpfr_clear(c);
      break;
    }
    case Fn::Swish:  // x / (1 + e^(-alpha x))
      mpfr_mul_d(t, X, -a.alpha, R), mpfr_exp(t, t, R), mpfr_add_ui(t, t, 1, R), mpfr_div(v, X, t, R);
      break;
    case Fn::Elu:
      if (x >= 0)
        inex = mpfr_set(v, X, R);
      else
        mpfr_exp(t, X, R), mpfr_sub_ui(t, t, 1, R), mpfr_mul_d(v, t, a.alpha, R);
      break;
    case Fn::Selu:
      if (x > 0)
        inex = mpfr_mul_d(v, X, a.gamma, R);
      else
        mpfr_exp(t, X, R), mpfr_mul_d(t, t, a.alpha, R), mpfr_sub_d(t, t, a.alpha, R),
            inex = mpfr_mul_d(v, t, a.gamma, R);
      if (x == 0) mpfr_set_zero(v, 1), inex = 0;
      break;
    case Fn::Celu:
      if (x >= 0)
        inex = mpfr_set(v, X, R);
      else
        mpfr_div_d(t, X, a.alpha, R), mpfr_exp(t, t, R), mpfr_sub_ui(t, t, 1, R), mpfr_mul_d(v, t, a.alpha, R);
      break;
  }
  const double out = round_ieee(v, inex, format);
  mpfr_clears(v, t, X, static_cast<mpfr_ptr>(nullptr));
  return out;
}

// Equal as values of the format, NaN equal to NaN, +0 different from -0.
inline bool same_result(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::memcmp(&a, &b, sizeof a) == 0;
}

}  // namespace onnx_ref::oracle
