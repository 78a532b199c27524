// Unit tests of ops/normalization/lp_normalization.cpp.
#include <doctest/doctest.h>
#include <mpfr.h>
#include <cmath>
#include <random>
#include <vector>
#include "helpers/normalization.h"
#include "mpfr_oracle.h"

TEST_CASE("LpNormalization: x divided by the exact L1 or correctly rounded L2 norm of its line") {
  const auto l2 = run_norm("LpNormalization", 22, {floats({2, 2}, {3, 4, 0, 0})}, {{"axis", int64_t{-1}}});
  const std::vector<double> y = as_doubles(l2[0]);
  CHECK(y[0] == static_cast<double>(0.6f));  // 3/5 and 4/5, rounded to nearest float
  CHECK(y[1] == static_cast<double>(0.8f));
  CHECK(y[2] == 0.0);  // a zero norm gives zero (LpNormalization-22: "the output is defined to be zero")
  const auto l1 =
      run_norm("LpNormalization", 1, {floats({2, 2}, {1, -2, 3, 6})}, {{"axis", int64_t{0}}, {"p", int64_t{1}}});
  CHECK(as_doubles(l1[0]) == std::vector<double>{0.25, -0.25, 0.75, 0.75});
  // 2^70 squares to 2^140, beyond float but exact in the sum: no overflow, 1/sqrt(2) rounded.
  const float big = 0x1p70f;
  const auto wide = run_norm("LpNormalization", 22, {floats({2}, {big, big})});
  CHECK(as_doubles(wide[0])[0] == static_cast<double>(static_cast<float>(1 / std::sqrt(2.0))));
  CHECK_THROWS_AS(run_norm("LpNormalization", 22, {floats({2}, {1, 1})}, {{"p", int64_t{3}}}), Error);
}

namespace {

double lp_normalized_oracle(const std::vector<double>& line, size_t k, int p, numeric::Format format) {
  mpfr_t s, t;
  mpfr_inits2(4000, s, t, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_zero(s, 1);
  for (double v : line) {
    mpfr_set_d(t, std::fabs(v), MPFR_RNDN);
    if (p == 2) mpfr_sqr(t, t, MPFR_RNDN);
    mpfr_add(s, s, t, MPFR_RNDN);
  }
  if (p == 2) mpfr_sqrt(s, s, MPFR_RNDN);
  mpfr_set_d(t, line[k], MPFR_RNDN);
  const int inex = mpfr_div(t, t, s, MPFR_RNDN);
  const double r = oracle::round_ieee(t, inex, format);
  mpfr_clears(s, t, static_cast<mpfr_ptr>(nullptr));
  return r;
}

}  // namespace

// spec: LpNormalization-1,22: "When the Lp norm is zero"
// spec: LpNormalization-1,22: "the output is defined to be zero"
TEST_CASE("LpNormalization-1 and -22: a line whose norm is zero gives zeros, not NaN") {
  for (int opset : {1, 22})
    for (int64_t p : {1, 2}) {
      CAPTURE(opset);
      CAPTURE(p);
      const Tensor y =
          run_norm("LpNormalization", opset, {floats({2, 2}, {0.0f, -0.0f, 3.0f, -4.0f})}, {{"p", p}}).at(0).tensor();
      const float* v = y.data_as<float>();
      CHECK(v[0] == 0.0f);
      CHECK(v[1] == 0.0f);
      CHECK(v[2] == (p == 1 ? 3.0f / 7.0f : 0.6f));    // 3/7 and 3/5 each rounded once: float division is
      CHECK(v[3] == (p == 1 ? -4.0f / 7.0f : -0.8f));  // correctly rounded, and 3, 4, 5, 7 are exact
    }
}

TEST_CASE(
    "LpNormalization-22: every element is x / ||x||_p rounded once (random double and float lines against MPFR)") {
  std::mt19937_64 rng(26);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  int checked = 0;
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<double> line(3 + trial % 5);
    for (auto& v : line) v = std::ldexp(value(rng), static_cast<int>(rng() % 40) - 20);
    std::vector<float> line_f(line.begin(), line.end());
    const std::vector<double> line_fd(line_f.begin(), line_f.end());
    const auto n = static_cast<int64_t>(line.size());
    for (int64_t p : {1, 2}) {
      const Tensor yd =
          run_norm("LpNormalization", 22, {Tensor::from_values<double>(ElementType::Double, {n}, line)}, {{"p", p}})
              .at(0)
              .tensor();
      const Tensor yf = run_norm("LpNormalization", 22, {floats({n}, line_f)}, {{"p", p}}).at(0).tensor();
      for (size_t k = 0; k < line.size(); ++k) {
        CHECK(yd.data_as<double>()[k] == lp_normalized_oracle(line, k, static_cast<int>(p), numeric::Format::Double));
        CHECK(static_cast<double>(yf.data_as<float>()[k]) ==
              lp_normalized_oracle(line_fd, k, static_cast<int>(p), numeric::Format::Float));
        ++checked;
      }
    }
  }
  CHECK(checked > 1000);
}

TEST_CASE("LpNormalization-1: the quotient is rounded once, not after a rounded norm (a double case found by search)") {
  // x / sqrt(x^2 + y^2) in double: searching small integer pairs for one where rounding the norm
  // first changes the last bit, then checking onnx-ref gives the once-rounded value.
  int differing = 0;
  for (int a = 1; a < 60 && differing < 3; ++a)
    for (int b = 1; b < 60 && differing < 3; ++b) {
      const std::vector<double> line{static_cast<double>(a), static_cast<double>(b)};
      const double once = lp_normalized_oracle(line, 0, 2, numeric::Format::Double);
      const double twice = a / std::sqrt(static_cast<double>(a * a + b * b));
      if (once == twice) continue;
      ++differing;
      const Tensor y =
          run_norm("LpNormalization", 1, {Tensor::from_values<double>(ElementType::Double, {2}, line)}).at(0).tensor();
      CHECK(y.data_as<double>()[0] == once);
    }
  CHECK(differing == 3);
}

// spec: LpNormalization-1,22: "The order of the normalization, only 1 or 2 are supported."
TEST_CASE("LpNormalization, every version: p other than 1 or 2 is refused") {
  for (int64_t v : {1, 22})
    for (int64_t p : {0, 3}) {
      INFO("LpNormalization-", v, " p = ", p);
      CHECK_THROWS_AS(run_norm("LpNormalization", v, {floats({2}, {3, 4})}, {{"p", p}}), Error);
    }
}
