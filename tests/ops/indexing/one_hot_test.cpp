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
