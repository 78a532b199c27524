// OneHot-9 and -11: indices outside [-depth, depth-1] give a row of off_value; the axis is -1 by
// default. Expected values by hand.
#include <doctest/doctest.h>

#include "helpers/indexing_rules.h"
#include "node_runner.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: OneHot-11: "Any entries in the 'indices' input tensor with values outside the range [-depth, depth-1] will result in one-hot representation with all 'off_value' values in the output tensor."
// spec: OneHot-11: "Default: axis=-1. axis=-1 means that the additional dimension will be inserted as the innermost/last dimension in the output tensor."
// spec: OneHot-11: "The type of the output tensor is the same as the type of the 'values' input."
TEST_CASE(
    "OneHot-11: out-of-range indices give off_value rows; the new axis is the last by default; negative indices count "
    "back") {
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
  const Tensor y = run_single_node(
      "OneHot", 9,
      {indices, Tensor::from_values<int64_t>(T::Int64, {}, {3}), Tensor::from_values<float>(T::Float, {2}, {0, 1})});
  REQUIRE(y.shape() == Shape{3, 3});
  CHECK(std::vector<float>(y.data_as<float>(), y.data_as<float>() + 9) ==
        std::vector<float>{0, 1, 0, 0, 0, 0, 0, 0, 0});
}

// spec: OneHot-9,11: "Constrain input to only numeric types."
TEST_CASE("OneHot-9 and -11: string indices or depth are refused") {
  const Tensor values = Tensor::from_values<float>(T::Float, {2}, {0, 1});
  for (int opset : {9, 11}) {
    CAPTURE(opset);
    CHECK_THROWS_AS(
        run_single_node("OneHot", opset,
                        {Tensor::from_strings({1}, {"1"}), Tensor::from_values<int64_t>(T::Int64, {}, {3}), values}),
        Error);
    CHECK_THROWS_AS(
        run_single_node("OneHot", opset,
                        {Tensor::from_values<int64_t>(T::Int64, {1}, {1}), Tensor::from_strings({}, {"3"}), values}),
        Error);
  }
}

namespace indexing_rules_tests {

// spec: OneHot-9,11: "The locations represented by the index values in the 'indices' input tensor will have 'on_value' and the other locations will have 'off_value' in the output tensor"
// spec: OneHot-9,11: "The size of the additional dimension is specified by required scalar input 'depth'."
// spec: OneHot-9: "The type of the output tensor is the same as the type of the 'values' input."
// spec: OneHot-9,11: "The data type for the elements of the output tensor is the same as the type of input 'values' is used."
// spec: OneHot-9: "Default: axis=-1. axis=-1 means that the additional dimension will be inserted as the innermost/last dimension in the output tensor."
// spec: OneHot-9,11: "Rank 1 tensor containing exactly two elements, in the format [off_value, on_value]"
// spec: OneHot-9: "Scalar or rank 1 tensor containing exactly one element, specifying the number of classes in one-hot tensor."
// spec: OneHot-11: "Scalar or Rank 1 tensor containing exactly one element, specifying the number of classes in one-hot tensor."
// spec: OneHot-11: "Accepted range is [-r-1, r] where r = rank(indices)."
TEST_CASE(
    "OneHot, every version: [off, on] values of the output's type, depth scalar or [1], the new axis last by default") {
  const Tensor values = Tensor::from_values<int32_t>(T::Int32, {2}, {-1, 5});
  for (int64_t v : {9, 11}) {
    INFO("OneHot-", v);
    const Tensor y = run("OneHot", v, {i64({2}, {2, 0}), i64({}, {3}), values});
    REQUIRE(y.type() == T::Int32);
    REQUIRE(y.shape() == Shape{2, 3});
    CHECK(std::vector<int32_t>(y.data_as<int32_t>(), y.data_as<int32_t>() + 6) ==
          std::vector<int32_t>{-1, -1, 5, 5, -1, -1});
    CHECK(run("OneHot", v, {i64({2}, {2, 0}), i64({1}, {3}), values}).shape() == Shape{2, 3});
    CHECK(run("OneHot", v, {i64({2}, {2, 0}), i64({1}, {3}), values}, axis(0)).shape() == Shape{3, 2});
    CHECK(run("OneHot", v, {i64({2}, {2, 0}), i64({1}, {3}), values}, axis(-2)).shape() == Shape{3, 2});
    CHECK_THROWS_AS(run("OneHot", v, {i64({2}, {2, 0}), i64({2}, {3, 3}), values}), Error);
    CHECK_THROWS_AS(
        run("OneHot", v, {i64({2}, {2, 0}), i64({}, {3}), Tensor::from_values<int32_t>(T::Int32, {3}, {0, 1, 2})}),
        Error);
    CHECK_THROWS_AS(run("OneHot", v, {i64({2}, {2, 0}), i64({}, {3}), values}, axis(2)), Error);
    CHECK_THROWS_AS(run("OneHot", v, {i64({2}, {2, 0}), i64({}, {3}), values}, axis(-3)), Error);
  }
}

// spec: OneHot-9: "Any entries in the 'indices' input tensor with values outside the range [0, depth) will result in one-hot representation with all 'off_value' values in the output tensor."
// spec: OneHot-11: "The values in the 'indices' input tensor are expected to be in the range [-depth, depth-1]."
TEST_CASE(
    "OneHot-9: an index outside 0 to depth - 1 gives a row of off values; OneHot-11 counts -depth..-1 from the end") {
  const Tensor values = f32({2}, {0, 1});
  CHECK(floats(run("OneHot", 9, {i64({2}, {3, -1}), i64({}, {3}), values})) == std::vector<float>{0, 0, 0, 0, 0, 0});
  CHECK(floats(run("OneHot", 11, {i64({2}, {-1, -3}), i64({}, {3}), values})) == std::vector<float>{0, 0, 1, 1, 0, 0});
}

}  // namespace indexing_rules_tests
