// DequantizeLinear, every version: int32 x has no zero point ("zero point is supposed to be 0"); a
// nonzero one is refused, zeros are taken. Expected values by hand.
#include <doctest/doctest.h>

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
    const Tensor y = run_single_node("DequantizeLinear", opset, {x, scale, Tensor::from_values<int32_t>(T::Int32, {}, {0})});
    CHECK(y.data_as<float>()[0] == -1.5f);
    CHECK(y.data_as<float>()[1] == 4.0f);
    CHECK(run_single_node("DequantizeLinear", opset, {x, scale}).data_as<float>()[1] == 4.0f);
    CHECK_THROWS_WITH_AS(run_single_node("DequantizeLinear", opset, {x, scale, Tensor::from_values<int32_t>(T::Int32, {}, {1})}),
                         doctest::Contains("zero point is 0"), Error);
  }
}
