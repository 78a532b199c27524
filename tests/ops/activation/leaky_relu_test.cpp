// Unit tests of ops/activation/leaky_relu.cpp.
#include "helpers/activation_ops.h"

TEST_CASE("LeakyRelu and ThresholdedRelu: the float32 attribute, one rounding") {
  // 0.1f * 3 in float16: 0.1f = 13421773 2^-27, times 3 = 40265319 2^-27 rounded to 11 bits.
  const double expected = round_dyadic(40265319, -27, false, kHalf);
  const auto y = half_values(run("LeakyRelu", 16, {halves({0xc200, 0x4200})}, {{}, {{"alpha", 0.1f}}}));  // -3, 3
  CHECK(y[0] == -expected);
  CHECK(y[1] == 3.0);
  const auto t = values<float>(
      run("ThresholdedRelu", 10, {vec<float>(T::Float, {1.0f, 1.5f, 2.0f, NAN})}, {{}, {{"alpha", 1.5f}}}));
  CHECK(t == std::vector<float>{0.0f, 0.0f, 2.0f, 0.0f});
}

// ---- moved from leaky_relu_lanes_test.cpp ----
// LeakyRelu on float tensors long enough for the eight-lane kernel (ops/activation/leaky_relu.cpp)
// and its scalar tail: each negative element is alpha * x rounded once (the integer oracle of
// dyadic_oracle.h), every other element, NaN and -0 included, passes through unchanged.

TEST_CASE("LeakyRelu-16: float lanes and tail, alpha x rounded once, NaN and -0 kept") {
  // LeakyRelu-16: "f(x) = alpha * x for x < 0, f(x) = x for x >= 0".
  // alpha = 0.1f = 13421773 * 2^-27; x = -m * 2^-20 with m below 2^24, so alpha x = -(13421773 m) * 2^-47.
  std::mt19937 rng(27);
  std::uniform_int_distribution<int64_t> mantissa(1, (int64_t{1} << 24) - 1);
  std::vector<float> x;
  std::vector<double> want;
  for (int i = 0; i < 37; ++i) {
    const int64_t m = mantissa(rng);
    if (i % 3 == 1) {  // non-negative: unchanged
      x.push_back(std::ldexp(static_cast<float>(m), -20));
      want.push_back(x.back());
      continue;
    }
    x.push_back(-std::ldexp(static_cast<float>(m), -20));
    want.push_back(round_signed(-static_cast<__int128>(m) * 13421773, -47, kSingle));
  }
  x[5] = NAN;
  x[12] = -0.0f;
  x[33] = -INFINITY;  // alpha * -inf = -inf
  const auto y = values<float>(run("LeakyRelu", 16, {vec<float>(T::Float, x)}, {{}, {{"alpha", 0.1f}}, {}}));
  REQUIRE(y.size() == x.size());
  for (size_t i = 0; i < y.size(); ++i) {
    INFO("element " << i);
    if (i == 5)
      CHECK(std::isnan(y[i]));
    else if (i == 12)
      CHECK((y[i] == 0 && std::signbit(y[i])));
    else if (i == 33)
      CHECK(y[i] == -INFINITY);
    else
      CHECK(static_cast<double>(y[i]) == want[i]);
  }
}
