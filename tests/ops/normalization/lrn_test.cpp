// Unit tests of ops/normalization/lrn.cpp.
#include <doctest/doctest.h>
#include <mpfr.h>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <tuple>
#include <vector>
#include "helpers/more_normalizations.h"

TEST_CASE("LRN: x / (bias + alpha / size * square_sum)^beta over a window of channels") {
  Attributes a;
  a.set("size", int64_t{2});  // window [c, c + 1]
  a.set("alpha", 0.5f);
  a.set("beta", 0.75f);
  a.set("bias", 2.0f);
  const auto y = norm_values(norm_run("LRN", 13, {norm_doubles({1, 3, 1}, {1, 2, 3})}, a).at(0));
  const double k = 0.5 / 2;
  CHECK(y[0] == 1 / mpfr_power(2 + k * 5, 0.75));   // 1 + 4
  CHECK(y[1] == 2 / mpfr_power(2 + k * 13, 0.75));  // 4 + 9
  CHECK(y[2] == 3 / mpfr_power(2 + k * 9, 0.75));   // 9
  Attributes zero;
  zero.set("size", int64_t{0});
  CHECK_THROWS_WITH_AS(norm_run("LRN", 1, {norm_doubles({1, 1}, {1})}, zero),
                       "attribute size = 0 must be at least 1 (the channels summed over)", Error);
  CHECK_THROWS_AS(norm_run("LRN", 1, {norm_doubles({1}, {1})}, a), Error);
}

namespace {

double round_double(mpfr_t v) { return mpfr_get_d(v, MPFR_RNDN); }

float lrn_oracle(const std::vector<float>& x, int64_t C, int64_t inner, int64_t c, int64_t i, int64_t size, float alpha,
                 float beta, float bias) {
  mpfr_t acc, t, u;
  mpfr_inits2(2000, acc, t, u, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_zero(acc, 1);
  const int64_t lo = std::max<int64_t>(0, c - (size - 1) / 2), hi = std::min<int64_t>(C - 1, c + size / 2);
  for (int64_t k = lo; k <= hi; ++k) {
    mpfr_set_d(t, x[static_cast<size_t>(k * inner + i)], MPFR_RNDN);
    mpfr_sqr(t, t, MPFR_RNDN);         // exact
    mpfr_add(acc, acc, t, MPFR_RNDN);  // exact
  }
  const double square_sum = round_double(acc);
  const double a_over_n = static_cast<double>(alpha) / static_cast<double>(size);  // one rounding
  const double base = static_cast<double>(bias) + a_over_n * square_sum;           // two roundings, named points
  mpfr_set_d(t, base, MPFR_RNDN);
  mpfr_set_d(u, static_cast<double>(beta), MPFR_RNDN);
  mpfr_pow(acc, t, u, MPFR_RNDN);  // exact enough at 2000 bits, then rounded once to double
  const double power = round_double(acc);
  const double y = static_cast<double>(x[static_cast<size_t>(c * inner + i)]) / power;
  mpfr_clears(acc, t, u, static_cast<mpfr_ptr>(nullptr));
  return static_cast<float>(y);
}

}  // namespace

TEST_CASE("LRN-13: float outputs follow the named points, against MPFR") {
  std::mt19937_64 rng(27);
  std::uniform_real_distribution<double> mant(-1, 1);
  std::uniform_int_distribution<int> ex(-6, 6);
  const int64_t C = 7, inner = 300;
  std::vector<float> x;
  for (int64_t k = 0; k < C * inner; ++k) x.push_back(static_cast<float>(std::ldexp(mant(rng), ex(rng))));
  for (const auto& params : std::vector<std::tuple<int64_t, float, float, float>>{
           {5, 1e-4f, 0.75f, 1.0f}, {3, 0.5f, 0.7f, 2.0f}, {4, 2.0f, 1.3f, 0.01f}}) {
    // Plain variables, not a structured binding: C++17 lambdas cannot capture a binding (clang).
    const int64_t size = std::get<0>(params);
    const float alpha = std::get<1>(params), beta = std::get<2>(params), bias = std::get<3>(params);
    Attributes a;
    a.set("size", size);
    a.set("alpha", alpha);
    a.set("beta", beta);
    a.set("bias", bias);
    const Tensor y = norm_run("LRN", 13, {Value(Tensor::from_values<float>(ElementType::Float, {1, C, inner}, x))}, a)
                         .at(0)
                         .tensor();
    std::vector<float> got(static_cast<size_t>(C * inner));
    std::memcpy(got.data(), y.data(), got.size() * sizeof(float));
    int64_t wrong = 0;
    for (int64_t c = 0; c < C; ++c)
      for (int64_t i = 0; i < inner; ++i)
        if (got[static_cast<size_t>(c * inner + i)] != lrn_oracle(x, C, inner, c, i, size, alpha, beta, bias)) ++wrong;
    INFO("size " << size << ", beta " << beta);
    CHECK(wrong == 0);
  }
}
