// Unit tests of ops/quant/dynamic_quantize_linear.cpp.
#include "helpers/quant.h"

TEST_CASE("DynamicQuantizeLinear: ONNX's example and hand computation") {
  // The spec's example: x = [0, 2, -3, -2.5, 1.34, 0.5]: scale fl(5 / 255), zero point
  // round(3 / scale) = 153; 0.5 / scale is just below 25.5 exactly, but its float32 quotient is
  // 25.5, which rounds to 26: y[5] = 179.
  const auto out = quant_run("DynamicQuantizeLinear", 11,
                             {Tensor::from_values<float>(T::Float, {6}, {0.0f, 2.0f, -3.0f, -2.5f, 1.34f, 0.5f})}, {}, 3);
  CHECK(quant_values<float>(out[1]) == std::vector<float>{5.0f / 255.0f});
  CHECK(out[1].shape() == Shape{});
  CHECK(quant_values<uint8_t>(out[2]) == std::vector<uint8_t>{153});
  CHECK(quant_values<uint8_t>(out[0]) == std::vector<uint8_t>{153, 255, 0, 26, 221, 179});
  // Only positive values: the range starts at 0, the zero point is 0; 1000 / fl(1000 / 255) = 255.
  const auto pos = quant_run("DynamicQuantizeLinear", 11, {Tensor::from_values<float>(T::Float, {3}, {1000.0f, 1.0f, 3.9215686f})}, {}, 3);
  CHECK(quant_values<uint8_t>(pos[2]) == std::vector<uint8_t>{0});
  CHECK(quant_values<uint8_t>(pos[0]) == std::vector<uint8_t>{255, 0, 1});
  // All zeros: scale 0, zero point 0, y 0.
  const auto zeros = quant_run("DynamicQuantizeLinear", 11, {Tensor::from_values<float>(T::Float, {2}, {0.0f, -0.0f})}, {}, 3);
  CHECK(quant_values<float>(zeros[1]) == std::vector<float>{0.0f});
  CHECK(quant_values<uint8_t>(zeros[2]) == std::vector<uint8_t>{0});
  CHECK(quant_values<uint8_t>(zeros[0]) == std::vector<uint8_t>{0, 0});
  CHECK_THROWS_WITH_AS(quant_run("DynamicQuantizeLinear", 11, {Tensor::from_values<float>(T::Float, {2}, {1.0f, NAN})}, {}, 3),
                       doctest::Contains("element 1 is NaN"), Error);
  CHECK_THROWS_WITH_AS(quant_run("DynamicQuantizeLinear", 11, {Tensor::from_values<float>(T::Float, {2}, {3e38f, -3e38f})}, {}, 3),
                       doctest::Contains("overflows float32"), Error);
}
