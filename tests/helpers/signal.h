// The signal operators: HannWindow, HammingWindow, BlackmanWindow, MelWeightMatrix, DFT, STFT.
// Expected values come from hand computation and from an MPFR oracle written here apart from the
// kernels: cosines from mpfr_const_pi and mpfr_cos at 300 bits (not mpfr_cosu), sums at 2400 bits
// (exact for the products of doubles used), rounded once by tests/mpfr_oracle.h's round_ieee.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include <mpfr.h>
#include "op_tester.h"

#include <cmath>
#include <vector>

#include "mpfr_oracle.h"
#include "ops/registry.h"
#include "ops/signal/cosine_window.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"

using namespace onnx_ref;
using T = ElementType;
using numeric::Format;

namespace {

std::vector<Value> run_signal_op(const std::string& op, int since, std::vector<std::optional<Value>> inputs,
                                 const Attributes& attrs) {
  REQUIRE(Registry::builtin().resolve("", op, since) != nullptr);
  REQUIRE(Registry::builtin().resolve("", op, since)->since_version == since);
  return testing::run_node_rule(op, since, inputs, attrs);
}

Attributes signal_defaults(const std::string& op, int since) {
  Attributes a;
  for (const auto& spec : Registry::builtin().resolve("", op, since)->attributes)
    if (spec.default_value) a.set(spec.name, *spec.default_value);
  return a;
}

Tensor scalar64(int64_t v) { return Tensor::from_values<int64_t>(T::Int64, {}, {v}); }

std::vector<double> signal_values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.element_count(); ++i) v.push_back(read_real(t.type(), t.data(), i));
  return v;
}

// cos or sin of 2 pi m / n at 300 bits, left as an MPFR value; values within 2^-250 of zero are zero.
void signal_oracle_trig(mpfr_t out, int64_t m, int64_t n, bool sine) {
  mpfr_t pi;
  mpfr_init2(pi, 300);
  mpfr_const_pi(pi, MPFR_RNDN);
  mpfr_mul_si(out, pi, 2 * m, MPFR_RNDN);
  mpfr_div_si(out, out, n, MPFR_RNDN);
  if (sine)
    mpfr_sin(out, out, MPFR_RNDN);
  else
    mpfr_cos(out, out, MPFR_RNDN);
  if (!mpfr_zero_p(out) && mpfr_get_exp(out) < -250) mpfr_set_zero(out, 1);
  mpfr_clear(pi);
}

// The window (a0 - a1 cos(2 pi n / N) + a2 cos(4 pi n / N)) with decimal coefficients, rounded to f.
double window_oracle(const char* a0, const char* a1, const char* a2, int64_t n, int64_t period, Format f) {
  mpfr_t w, c, t;
  mpfr_inits2(300, w, c, t, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_str(w, a0, 10, MPFR_RNDN);
  signal_oracle_trig(c, n, period, false);
  mpfr_set_str(t, a1, 10, MPFR_RNDN);
  mpfr_mul(t, t, c, MPFR_RNDN);
  mpfr_sub(w, w, t, MPFR_RNDN);
  signal_oracle_trig(c, 2 * n, period, false);
  mpfr_set_str(t, a2, 10, MPFR_RNDN);
  mpfr_mul(t, t, c, MPFR_RNDN);
  mpfr_add(w, w, t, MPFR_RNDN);
  if (!mpfr_zero_p(w) && mpfr_get_exp(w) < -250) mpfr_set_zero(w, 1);
  const double r = oracle::round_ieee(w, 0, f);
  mpfr_clears(w, c, t, static_cast<mpfr_ptr>(nullptr));
  return r;
}

}  // namespace

namespace {

// The DFT contract's value of one output part: the exact sum of x[i] w[i] t(k i) over i < count,
// t the oracle's cosine and sine rounded to double, divided by n for the inverse, rounded to f.
double dft_oracle(const std::vector<double>& x, bool complex, const std::vector<double>* w, int64_t stride,
                  int64_t count, int64_t n, int64_t k, bool inverse, bool imaginary, Format f) {
  mpfr_t sum, term, tr;
  mpfr_inits2(2400, sum, term, tr, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_zero(sum, 1);
  for (int64_t i = 0; i < std::min(count, n); ++i) {
    const double xr = x[i * stride], xi = complex ? x[i * stride + 1] : 0.0;
    const double wi = w ? (*w)[i] : 1.0;
    signal_oracle_trig(tr, (k * i) % n, n, false);
    const double c = mpfr_get_d(tr, MPFR_RNDN);
    signal_oracle_trig(tr, (k * i) % n, n, true);
    const double s = mpfr_get_d(tr, MPFR_RNDN);
    // forward: re = xr c + xi s, im = xi c - xr s; inverse: re = xr c - xi s, im = xi c + xr s.
    double a1, b1, a2, b2, sign2;
    if (!imaginary) {
      a1 = xr;
      b1 = c;
      a2 = xi;
      b2 = s;
      sign2 = inverse ? -1 : 1;
    } else {
      a1 = xi;
      b1 = c;
      a2 = xr;
      b2 = s;
      sign2 = inverse ? 1 : -1;
    }
    mpfr_set_d(term, a1, MPFR_RNDN);
    mpfr_mul_d(term, term, b1, MPFR_RNDN);
    mpfr_mul_d(term, term, wi, MPFR_RNDN);
    mpfr_add(sum, sum, term, MPFR_RNDN);
    mpfr_set_d(term, a2, MPFR_RNDN);
    mpfr_mul_d(term, term, b2 * sign2, MPFR_RNDN);
    mpfr_mul_d(term, term, wi, MPFR_RNDN);
    mpfr_add(sum, sum, term, MPFR_RNDN);
  }
  if (inverse) mpfr_div_si(sum, sum, n, MPFR_RNDN);
  const double r = oracle::round_ieee(sum, 0, f);
  mpfr_clears(sum, term, tr, static_cast<mpfr_ptr>(nullptr));
  return r;
}

// Deterministic test samples: small-format values (7 significant bits) or wider ones.
std::vector<double> signal_test_samples(int64_t count, uint32_t seed, bool wide) {
  std::vector<double> v;
  uint32_t s = seed;
  for (int64_t i = 0; i < count; ++i) {
    s = s * 1664525u + 1013904223u;
    const int32_t k = static_cast<int32_t>(s >> 8) % (wide ? 1000003 : 127);
    v.push_back(wide ? std::ldexp(static_cast<double>(k), -12 + static_cast<int>(s % 7)) : k / 16.0);
  }
  return v;
}

Tensor signal_tensor(T type, Shape shape, const std::vector<double>& values) {
  Tensor t = Tensor::zeros(type, shape);
  for (size_t i = 0; i < values.size(); ++i) write_real(type, t.mutable_data(), static_cast<int64_t>(i), values[i]);
  return t;
}

Format signal_format(T type) {
  switch (type) {
    case T::Float16:
      return Format::Float16;
    case T::BFloat16:
      return Format::BFloat16;
    case T::Float:
      return Format::Float;
    default:
      return Format::Double;
  }
}

}  // namespace
