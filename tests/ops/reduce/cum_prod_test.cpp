// Unit tests of ops/reduce/cum_prod.cpp.
#include <doctest/doctest.h>
#include <mpfr.h>
#include <cmath>
#include <limits>
#include <random>
#include <vector>
#include "helpers/scan_topk_dropout.h"
#include "mpfr_oracle.h"
#include "runtime/error.h"

TEST_CASE("CumProd: each step is the previous result times the element, rounded once") {
  const Value x = float_tensor({2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(scan_values<float>(scan_topk_run("CumProd", 26, {x, int64_scalar(1)}, flags(0, 0)).at(0)) ==
        std::vector<float>{1, 2, 6, 4, 20, 120});
  CHECK(scan_values<float>(scan_topk_run("CumProd", 26, {x, int64_scalar(1)}, flags(1, 1)).at(0)) ==
        std::vector<float>{6, 3, 1, 30, 6, 1});
  CHECK(scan_values<float>(scan_topk_run("CumProd", 26, {x, int64_scalar(0)}, flags(1, 0)).at(0)) ==
        std::vector<float>{1, 1, 1, 1, 2, 3});
  // (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46 rounds to 1 + 2^-22.
  const float a = 1 + 0x1p-23f;
  const auto p =
      scan_values<float>(scan_topk_run("CumProd", 26, {float_tensor({2}, {a, a}), int64_scalar(0)}, flags(0, 0)).at(0));
  CHECK(p[1] == 1 + 0x1p-22f);
  const Value ints(Tensor::from_values<int64_t>(ElementType::Int64, {3}, std::vector<int64_t>{INT64_MAX, 2, -1}));
  CHECK(scan_values<int64_t>(scan_topk_run("CumProd", 26, {ints, int64_scalar(0)}, flags(0, 0)).at(0)) ==
        std::vector<int64_t>{INT64_MAX, -2, 2});
}

namespace {

// The exact prefix product of the first `count` elements, rounded once to `format` (MPFR at 4000 bits).
double prefix_product_oracle(const std::vector<double>& xs, size_t count, numeric::Format format) {
  mpfr_t p;
  mpfr_init2(p, 4000);
  mpfr_set_ui(p, 1, MPFR_RNDN);
  for (size_t i = 0; i < count; ++i) mpfr_mul_d(p, p, xs[i], MPFR_RNDN);
  const double r = oracle::round_ieee(p, 0, format);
  mpfr_clear(p);
  return r;
}

// CumProd-26 along axis 0 of a 1-D line.
Tensor cum_prod_line(const Tensor& x, Attributes attrs = flags(0, 0)) {
  return scan_topk_run("CumProd", 26, {Value(x), int64_scalar(0)}, std::move(attrs)).at(0).tensor();
}

}  // namespace
// spec: CumProd-26: "Otherwise, it would be the product of the first j elements."
TEST_CASE("CumProd-26: 1e20 * 1e20 * 1e-30 in float is 1e10 rounded once, not inf") {
  const std::vector<float> xs{1e20f, 1e20f, 1e-30f};
  const Tensor y = cum_prod_line(Tensor::from_values<float>(ElementType::Float, {3}, xs));
  const std::vector<double> xd(xs.begin(), xs.end());
  CHECK(y.data_as<float>()[0] == 1e20f);
  CHECK(y.data_as<float>()[1] == std::numeric_limits<float>::infinity());  // 1e40 overflows float
  CHECK(std::isfinite(y.data_as<float>()[2]));
  CHECK(static_cast<double>(y.data_as<float>()[2]) == prefix_product_oracle(xd, 3, numeric::Format::Float));
}

TEST_CASE("CumProd-26: random float, float16-range and double lines against the exact prefix products") {
  std::mt19937_64 rng(2626);
  std::uniform_real_distribution<double> value(0.5, 2.0);
  for (int trial = 0; trial < 40; ++trial) {
    std::vector<double> xd(30);
    for (auto& v : xd) v = (rng() % 2 ? -1 : 1) * value(rng);
    std::vector<float> xf(xd.begin(), xd.end());
    const std::vector<double> xfd(xf.begin(), xf.end());
    const Tensor yd = cum_prod_line(Tensor::from_values<double>(ElementType::Double, {30}, xd));
    const Tensor yf = cum_prod_line(Tensor::from_values<float>(ElementType::Float, {30}, xf));
    for (size_t j = 0; j < 30; ++j) {
      CHECK(yd.data_as<double>()[j] == prefix_product_oracle(xd, j + 1, numeric::Format::Double));
      CHECK(static_cast<double>(yf.data_as<float>()[j]) == prefix_product_oracle(xfd, j + 1, numeric::Format::Float));
    }
  }
  // exclusive: the j-th output leaves element j out; the empty product is 1.
  const std::vector<double> xd{3, 0.1, 7};
  const Tensor ex = cum_prod_line(Tensor::from_values<double>(ElementType::Double, {3}, xd), flags(1, 0));
  CHECK(ex.data_as<double>()[0] == 1.0);
  CHECK(ex.data_as<double>()[1] == 3.0);
  CHECK(ex.data_as<double>()[2] == prefix_product_oracle(xd, 2, numeric::Format::Double));
}

TEST_CASE("CumProd-26: zeros, infinities and NaN follow IEEE multiplication") {
  const double inf = std::numeric_limits<double>::infinity();
  const Tensor y = cum_prod_line(Tensor::from_values<double>(ElementType::Double, {4}, {-2, 0, inf, 5}));
  CHECK(y.data_as<double>()[0] == -2.0);
  CHECK(y.data_as<double>()[1] == 0.0);
  CHECK(std::signbit(y.data_as<double>()[1]));  // -2 * +0 = -0
  CHECK(std::isnan(y.data_as<double>()[2]));    // 0 * inf
  CHECK(std::isnan(y.data_as<double>()[3]));
}

// spec: CumProd-26: "A 0-D tensor. Must be in the range [-rank(x), rank(x)-1]."
TEST_CASE("CumProd-26: the axis must be a 0-D tensor; a [1] tensor is refused") {
  const Value x = float_tensor({2}, {2, 3});
  CHECK_THROWS_WITH_AS(scan_topk_run("CumProd", 26, {x, int64_vector({0})}), doctest::Contains("must be a 0-D tensor"),
                       Error);
}
