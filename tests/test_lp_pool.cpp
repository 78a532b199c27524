// LpPool and GlobalLpPool: (sum |x|^p)^(1/p) correctly rounded. The oracle evaluates the sum and
// the root in MPFR at 4000 bits (the sums of these small inputs are exact there) and rounds once to
// the format with mpfr_subnormalize (tests/mpfr_oracle.h); hand values for exact cases and ties.
#include <doctest/doctest.h>
#include <mpfr.h>

#include <cmath>
#include <cstring>
#include <random>

#include "mpfr_oracle.h"
#include "node_runner.h"
#include "ops/pool/lp_norm.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

double lp_oracle(const std::vector<double>& xs, unsigned long p, numeric::Format f) {
  mpfr_t s, t;
  mpfr_inits2(4000, s, t, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_zero(s, 1);
  for (double x : xs) {
    mpfr_set_d(t, std::fabs(x), MPFR_RNDN);
    mpfr_pow_ui(t, t, p, MPFR_RNDN);
    mpfr_add(s, s, t, MPFR_RNDN);
  }
  const int inex = mpfr_rootn_ui(t, s, p, MPFR_RNDN);
  const double r = oracle::round_ieee(t, inex, f);
  mpfr_clears(s, t, static_cast<mpfr_ptr>(nullptr));
  return r;
}

Tensor lp_floats(Shape shape, const std::vector<float>& v) { return Tensor::from_values<float>(T::Float, std::move(shape), v); }

std::vector<float> lp_values(const Tensor& t) {
  std::vector<float> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(float));
  return v;
}

}  // namespace

TEST_CASE("lp_norm_rounded: exact cases, ties and random windows against MPFR") {
  using numeric::Format;
  CHECK(pool::lp_norm_rounded(std::vector<double>{3, -4}, 2, Format::Float) == 5.0);
  CHECK(pool::lp_norm_rounded(std::vector<double>{3, 4, -5}, 3, Format::Double) == 6.0);  // 27 + 64 + 125 = 216
  CHECK(pool::lp_norm_rounded(std::vector<double>{0.5, -0.25}, 1, Format::Double) == 0.75);
  CHECK(pool::lp_norm_rounded(std::vector<double>{}, 2, Format::Float) == 0.0);
  CHECK(std::isnan(pool::lp_norm_rounded(std::vector<double>{1, NAN, INFINITY}, 2, Format::Float)));
  CHECK(pool::lp_norm_rounded(std::vector<double>{1, -INFINITY}, 2, Format::Float) == INFINITY);
  // Exact midpoints of float16: 2048 + 1 = 2049 lies between 2048 and 2050 (even: 2048);
  // sqrt(1995^2 + 476^2) = 2051 between 2050 and 2052 (even: 2052).
  CHECK(pool::lp_norm_rounded(std::vector<double>{2048, 1}, 1, Format::Float16) == 2048.0);
  CHECK(pool::lp_norm_rounded(std::vector<double>{1995, 476}, 2, Format::Float16) == 2052.0);
  // A sum no double holds: sqrt(1 + 2^-60) is within 2^-61 of 1, so 1.
  CHECK(pool::lp_norm_rounded(std::vector<double>{1, 0x1p-30}, 2, Format::Double) == 1.0);
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-4, 4);
  std::uniform_int_distribution<int> len(1, 9), ex(-20, 20);
  for (Format f : {Format::Float16, Format::BFloat16, Format::Float, Format::Double})
    for (unsigned long p = 1; p <= 4; ++p)
      for (int i = 0; i < 300; ++i) {
        std::vector<double> xs(static_cast<size_t>(len(rng)));
        for (double& x : xs) x = f == Format::Double ? std::ldexp(u(rng), ex(rng)) : static_cast<float>(u(rng));
        if (f == Format::Float16) for (double& x : xs) x = widen(narrow<Float16Bits>(x));
        if (f == Format::BFloat16) for (double& x : xs) x = widen(narrow<BFloat16Bits>(x));
        CAPTURE(p);
        CAPTURE(i);
        CHECK(pool::lp_norm_rounded(xs, static_cast<int64_t>(p), f) == lp_oracle(xs, p, f));
      }
}

TEST_CASE("LpPool: windows with pads, strides and dilations against the oracle") {
  // X [1, 1, 4, 5], kernel 2x3, pads 1, strides 2x1, dilations 1x2 (LpPool-18), p = 3.
  std::vector<float> x(20);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(static_cast<int>(i * 7 % 11) - 5) * 0.375f;
  const Tensor y = run_single_node("LpPool", 18, {lp_floats({1, 1, 4, 5}, x)}, [](onnx::NodeProto& n) {
    set_ints(n, "kernel_shape", {2, 3});
    set_ints(n, "pads", {1, 1, 1, 1});
    set_ints(n, "strides", {2, 1});
    set_ints(n, "dilations", {1, 2});
    set_int(n, "p", 3);
  });
  // rows: (4 + 2 - 2) / 2 + 1 = 3; cols: (5 + 2 - 5) / 1 + 1 = 3.
  REQUIRE(y.shape() == Shape{1, 1, 3, 3});
  const auto got = lp_values(y);
  for (int oy = 0; oy < 3; ++oy)
    for (int ox = 0; ox < 3; ++ox) {
      std::vector<double> w;
      for (int ky = 0; ky < 2; ++ky)
        for (int kx = 0; kx < 3; ++kx) {
          const int iy = oy * 2 - 1 + ky, ix = ox - 1 + kx * 2;
          if (iy >= 0 && iy < 4 && ix >= 0 && ix < 5) w.push_back(x[static_cast<size_t>(iy * 5 + ix)]);
        }
      CHECK(got[static_cast<size_t>(oy * 3 + ox)] == lp_oracle(w, 3, numeric::Format::Float));
    }
  // LpPool-1's p is a float, and must be whole; p = 0 has no norm.
  const Tensor y1 = run_single_node("LpPool", 1, {lp_floats({1, 1, 2}, {3, 4})}, [](onnx::NodeProto& n) {
    set_ints(n, "kernel_shape", {2});
    set_float_attribute(n, "p", 2.0f);
  });
  CHECK(lp_values(y1) == std::vector<float>{5});
  CHECK_THROWS_WITH_AS(run_single_node("LpPool", 1, {lp_floats({1, 1, 2}, {3, 4})}, [](onnx::NodeProto& n) {
                         set_ints(n, "kernel_shape", {2});
                         set_float_attribute(n, "p", 1.5f);
                       }),
                       doctest::Contains("attribute 'p' must be a whole number from 1 to 1024"), Error);
  CHECK_THROWS_WITH_AS(run_single_node("LpPool", 11, {lp_floats({1, 1, 2}, {3, 4})}, [](onnx::NodeProto& n) {
                         set_ints(n, "kernel_shape", {2});
                         set_int(n, "p", 0);
                       }),
                       doctest::Contains("attribute 'p' must be a whole number"), Error);
}

TEST_CASE("GlobalLpPool: one window per channel, default p = 2") {
  const Tensor y = run_single_node("GlobalLpPool", 2, {lp_floats({1, 2, 2, 2}, {1, 2, 2, 4, 0.1f, -0.2f, 0.3f, 0})});
  REQUIRE(y.shape() == Shape{1, 2, 1, 1});
  const auto got = lp_values(y);
  CHECK(got[0] == 5.0f);  // sqrt(1 + 4 + 4 + 16)
  CHECK(got[1] == lp_oracle({0.1f, -0.2f, 0.3f, 0}, 2, numeric::Format::Float));
  const Tensor y1 = run_single_node("GlobalLpPool", 1, {lp_floats({1, 1, 3}, {1, -2, 3})},
                                    [](onnx::NodeProto& n) { set_float_attribute(n, "p", 1.0f); });
  CHECK(lp_values(y1) == std::vector<float>{6});
}
