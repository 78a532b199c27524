// Unit tests of ops/math/sum.cpp.
#include <doctest/doctest.h>
#include <cmath>
#include <cstring>
#include <vector>
#include "helpers/activation_ops.h"
#include "node_runner.h"

TEST_CASE("Sum and Mean: the exact sum (divided by n) rounded once") {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> exps(-20, 19);
  std::uniform_int_distribution<int64_t> mants(1 << 23, (1 << 24) - 1);
  // Positive floats m 2^e with e in [-43, -4]: every sum is an integer number of 2^-43 units.
  std::vector<float> a, b, c;
  for (int i = 0; i < 5000; ++i)
    for (auto* v : {&a, &b, &c})
      v->push_back(static_cast<float>(std::ldexp(static_cast<double>(mants(rng)), exps(rng) - 23)));
  const Tensor ta = vec<float>(T::Float, a), tb = vec<float>(T::Float, b), tc = vec<float>(T::Float, c);
  const auto sum = values<float>(run("Sum", 13, {ta, tb, tc}));
  const auto mean = values<float>(run("Mean", 13, {ta, tb, tc}));
  for (size_t i = 0; i < a.size(); ++i) {
    const unsigned __int128 units = static_cast<unsigned __int128>(std::ldexp(a[i], 43)) +
                                    static_cast<unsigned __int128>(std::ldexp(b[i], 43)) +
                                    static_cast<unsigned __int128>(std::ldexp(c[i], 43));
    CAPTURE(i);
    REQUIRE(sum[i] == round_quotient(units, 1, -43, kSingle));
    REQUIRE(mean[i] == round_quotient(units, 3, -43, kSingle));
  }
  // float16: 1 + 2^-10 + 2^-11 (a tie in float16 once summed) and a mean of 2048 + 1 + 1 over 3.
  const auto s16 = half_values(run("Sum", 8, {halves({0x3c00}), halves({0x1400}), halves({0x1000})}));
  CHECK(s16[0] == 1.0 + 0x1p-9);  // 1 + 3 2^-11 lies between 1 + 2^-10 and 1 + 2^-9: the tie goes to even
  // Mean of 3 and 0 (and 0): 1 exactly; of 1, 1, 2^-24 over 3: one rounding, not two.
  CHECK(half_values(run("Mean", 13, {halves({0x4200}), halves({0x0000}), halves({0x8000})}))[0] == 1.0);
  // Broadcasting from 8; equal shapes before.
  const Tensor row = Tensor::from_values<float>(T::Float, {1, 3}, {1, 2, 3});
  const Tensor col = Tensor::from_values<float>(T::Float, {2, 1}, {10, 20});
  const Tensor m = run("Mean", 8, {row, col});
  CHECK(m.shape() == Shape{2, 3});
  CHECK(values<float>(m) == std::vector<float>{5.5f, 6.0f, 6.5f, 10.5f, 11.0f, 11.5f});
  CHECK_THROWS_WITH_AS(run("Sum", 6, {row, col}), doctest::Contains("does not broadcast"), Error);
}

// Two inputs of one shape, through the operator tester (helpers/activation_ops.h).
std::vector<float> sum2(const std::vector<float>& a, const std::vector<float>& b) {
  return values<float>(run("Sum", 13, {vec<float>(T::Float, a), vec<float>(T::Float, b)}));
}

TEST_CASE("Sum-13, two inputs: the exact sum rounded once, by hand") {
  const auto y = sum2({1.0f, 1.0f + 0x1p-23f, 0x1p100f, 3.0f, -0.0f, -0.0f, 1.5f},
                      {0x1p-24f, 0x1p-24f, 0x1p-100f, -3.0f, -0.0f, 0.0f, 0x1p-30f});
  CHECK(y[0] == 1.0f);             // 1 + 2^-24: a tie, to even
  CHECK(y[1] == 1.0f + 0x1p-22f);  // (1 + 2^-23) + 2^-24: a tie, to even (up)
  CHECK(y[2] == 0x1p100f);         // 2^100 + 2^-100 rounds to 2^100
  CHECK(y[3] == 0.0f);
  CHECK(!std::signbit(y[3]));  // an exact zero is +0
  CHECK(!std::signbit(y[4]));  // -0 + -0: the exact sum is zero, +0 as the n-input path gives
  CHECK(!std::signbit(y[5]));
  CHECK(y[6] == 1.5f);  // 2^-30 is below half an ulp of 1.5
}

TEST_CASE("Sum-13, two inputs: infinities and NaN") {
  const auto y = sum2({INFINITY, INFINITY, 0x1p127f, NAN}, {1.0f, -INFINITY, 0x1p127f, 1.0f});
  CHECK(y[0] == INFINITY);
  CHECK(std::isnan(y[1]));
  CHECK(y[2] == INFINITY);  // 2^128 is beyond float: rounds to infinity
  CHECK(std::isnan(y[3]));
}
