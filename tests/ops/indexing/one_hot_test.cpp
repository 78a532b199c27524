// OneHot-9 and -11: indices outside [-depth, depth-1] give a row of off_value; the axis is -1 by
// default. Expected values by hand.
#include <doctest/doctest.h>

#include "node_runner.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: OneHot-11: "Any entries in the 'indices' input tensor with values outside the range [-depth, depth-1] will result in one-hot representation with all 'off_value' values in the output tensor."
// spec: OneHot-11: "Default: axis=-1. axis=-1 means that the additional dimension will be inserted as the innermost/last dimension in the output tensor."
// spec: OneHot-11: "The type of the output tensor is the same as the type of the 'values' input."
TEST_CASE("OneHot-11: out-of-range indices give off_value rows; the new axis is the last by default; negative indices count back") {
  const Tensor indices = Tensor::from_values<int64_t>(T::Int64, {4}, {0, -1, 3, -4});
  const Tensor depth = Tensor::from_values<int64_t>(T::Int64, {}, {3});
  const Tensor values = Tensor::from_values<float>(T::Float, {2}, {-1, 5});
  const Tensor y = run_single_node("OneHot", 11, {indices, depth, values});
  REQUIRE(y.shape() == Shape{4, 3});
  CHECK(y.type() == T::Float);
  const std::vector<float> expected{5, -1, -1, -1, -1, 5, -1, -1, -1, -1, -1, -1};
  for (size_t i = 0; i < expected.size(); ++i) CHECK(y.data_as<float>()[i] == expected[i]);
}

// OneHot-9's description of the indices says they "must be non-negative" and in [0, depth); its
// own text gives the result for every other value: a row of off_value (docs/DEPARTURES.md, OneHot-9).
// spec: OneHot-9: "The values must be non-negative integers."
// spec: OneHot-9: "The values in the 'indices' input tensor are expected to be in the range [0, depth)."
// spec: OneHot-9: "Any entries in the 'indices' input tensor with values outside the range [0, depth) will result in one-hot representation with all 'off_value' values in the output tensor."
TEST_CASE("OneHot-9: indices outside [0, depth), negative ones too, give off_value rows") {
  const Tensor indices = Tensor::from_values<int64_t>(T::Int64, {3}, {1, -1, 3});
  const Tensor y = run_single_node("OneHot", 9, {indices, Tensor::from_values<int64_t>(T::Int64, {}, {3}),
                                                 Tensor::from_values<float>(T::Float, {2}, {0, 1})});
  REQUIRE(y.shape() == Shape{3, 3});
  CHECK(std::vector<float>(y.data_as<float>(), y.data_as<float>() + 9) == std::vector<float>{0, 1, 0, 0, 0, 0, 0, 0, 0});
}

// spec: OneHot-9,11: "Constrain input to only numeric types."
TEST_CASE("OneHot-9 and -11: string indices or depth are refused") {
  const Tensor values = Tensor::from_values<float>(T::Float, {2}, {0, 1});
  for (int opset : {9, 11}) {
    CAPTURE(opset);
    CHECK_THROWS_AS(run_single_node("OneHot", opset, {Tensor::from_strings({1}, {"1"}), Tensor::from_values<int64_t>(T::Int64, {}, {3}), values}),
                    Error);
    CHECK_THROWS_AS(run_single_node("OneHot", opset, {Tensor::from_values<int64_t>(T::Int64, {1}, {1}), Tensor::from_strings({}, {"3"}), values}),
                    Error);
  }
}
