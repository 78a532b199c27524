// Unit tests of ops/activation/leaky_relu.cpp.
#include "helpers/activation_ops.h"

TEST_CASE("LeakyRelu and ThresholdedRelu: the float32 attribute, one rounding") {
  // 0.1f * 3 in float16: 0.1f = 13421773 2^-27, times 3 = 40265319 2^-27 rounded to 11 bits.
  const double expected = round_dyadic(40265319, -27, false, kHalf);
  const auto y = half_values(run("LeakyRelu", 16, {halves({0xc200, 0x4200})}, {{}, {{"alpha", 0.1f}}}));  // -3, 3
  CHECK(y[0] == -expected);
  CHECK(y[1] == 3.0);
  const auto t = values<float>(run("ThresholdedRelu", 10, {vec<float>(T::Float, {1.0f, 1.5f, 2.0f, NAN})},
                                   {{}, {{"alpha", 1.5f}}}));
  CHECK(t == std::vector<float>{0.0f, 0.0f, 2.0f, 0.0f});
}
