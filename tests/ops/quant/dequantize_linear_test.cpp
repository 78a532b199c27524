// DequantizeLinear, every version: int32 x has no zero point ("zero point is supposed to be 0"); a
// nonzero one is refused, zeros are taken. Expected values by hand.
#include <doctest/doctest.h>

#include "helpers/quantize_linear_rules.h"
#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: DequantizeLinear-10: "In the case of dequantizing int32, there's no zero point (zero point is supposed to be 0)."
// spec: DequantizeLinear-13: "In the case of dequantizing int32, there's no zero point (zero point is supposed to be 0)."
// spec: DequantizeLinear-19: "In the case of dequantizing int32, there's no zero point (zero point is supposed to be 0)."
// spec: DequantizeLinear-21: "In the case of dequantizing int32, there's no zero point (zero point is supposed to be 0)."
// spec: DequantizeLinear-23: "In the case of dequantizing int32, there's no zero point (zero point is supposed to be 0)."
// spec: DequantizeLinear-24: "In the case of dequantizing int32, there's no zero point (zero point is supposed to be 0)."
// spec: DequantizeLinear-25: "In the case of dequantizing int32, there's no zero point (zero point is supposed to be 0)."
TEST_CASE("DequantizeLinear, every version: int32 x with a nonzero zero point is refused") {
  const Tensor x = Tensor::from_values<int32_t>(T::Int32, {2}, {-3, 8});
  const Tensor scale = Tensor::from_values<float>(T::Float, {}, {0.5f});
  for (int opset : {10, 13, 19, 21, 23, 24, 25}) {
    CAPTURE(opset);
    const Tensor y =
        run_single_node("DequantizeLinear", opset, {x, scale, Tensor::from_values<int32_t>(T::Int32, {}, {0})});
    CHECK(y.data_as<float>()[0] == -1.5f);
    CHECK(y.data_as<float>()[1] == 4.0f);
    CHECK(run_single_node("DequantizeLinear", opset, {x, scale}).data_as<float>()[1] == 4.0f);
    CHECK_THROWS_WITH_AS(
        run_single_node("DequantizeLinear", opset, {x, scale, Tensor::from_values<int32_t>(T::Int32, {}, {1})}),
        doctest::Contains("zero point is 0"), Error);
  }
}

namespace quantize_linear_rules_tests {

// spec: DequantizeLinear-10: "0 is the default value when it's not specified."
// spec: DequantizeLinear-10: "'x_zero_point' and 'x' must have same type."
// spec: DequantizeLinear-13,19: "`x_zero_point` and `x` must have same type."
// spec: DequantizeLinear-21,23,24,25: "`x_zero_point` and `x` must have the same type."
// spec: DequantizeLinear-10: "'x' and 'y' must have same shape."
// spec: DequantizeLinear-13,19: "`x` and `y` must have same shape."
// spec: DequantizeLinear-21,23,24,25: "`x` and `y` must have the same shape."
// spec: DequantizeLinear-23,24,25: "It has the same shape as input `x`."
TEST_CASE(
    "DequantizeLinear, every version: y = (x - x_zero_point) * x_scale, y of x's shape; the zero point of x's type") {
  const Tensor x = Tensor::from_values<uint8_t>(T::UInt8, {2, 2}, {0, 10, 128, 255});
  for (int64_t v : kVersions) {
    INFO("DequantizeLinear-", v);
    const Tensor y =
        quant_run("DequantizeLinear", v, {x, scalar_scale(0.5f), Tensor::from_values<uint8_t>(T::UInt8, {}, {128})})[0];
    REQUIRE(y.shape() == Shape{2, 2});
    CHECK(quant_values<float>(y) == std::vector<float>{-64, -59, 0, 63.5f});
    const Tensor no_zero = quant_run("DequantizeLinear", v, {x, scalar_scale(0.5f)})[0];
    CHECK(quant_values<float>(no_zero) == std::vector<float>{0, 5, 64, 127.5f});
    CHECK_THROWS_AS(
        quant_run("DequantizeLinear", v, {x, scalar_scale(0.5f), Tensor::from_values<int8_t>(T::Int8, {}, {0})}),
        Error);
  }
}

// spec: DequantizeLinear-23,24,25: "If `output_dtype` is not supplied then the output type is the same as `x_scale`."
TEST_CASE("DequantizeLinear 23 and later: y takes x_scale's type without output_dtype") {
  const Tensor x = Tensor::from_values<int8_t>(T::Int8, {1}, {-3});
  const Tensor half_scale = Tensor::from_values<uint16_t>(T::Float16, {}, {0x3E00});  // 1.5
  for (int64_t v : {23, 24, 25}) {
    INFO("DequantizeLinear-", v);
    const Tensor y = quant_run("DequantizeLinear", v, {x, half_scale})[0];
    REQUIRE(y.type() == T::Float16);
    CHECK(quant_values<uint16_t>(y) == std::vector<uint16_t>{0xC480});  // -4.5
  }
}

}  // namespace quantize_linear_rules_tests
