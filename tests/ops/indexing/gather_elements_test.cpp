// GatherElements-11 and -13: the output has the indices' shape; indices in [-s, s-1], others refused.
// Expected values by hand.
#include <doctest/doctest.h>

#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: GatherElements-11,13: "Its output shape is the same as the shape of `indices` and consists of one value (gathered from the `data`) for each element in `indices`."
// spec: GatherElements-11,13: "All index values are expected to be within bounds [-s, s-1] along axis of size s."
// spec: GatherElements-11,13: "It is an error if any of the index values are out of bounds."
TEST_CASE("GatherElements-11 and -13: indices' shape out; negative indices count from the back; out of bounds refused") {
  const Tensor data = Tensor::from_values<float>(T::Float, {2, 2}, {1, 2, 3, 4});
  const auto axis1 = [](onnx::NodeProto& n) { set_int(n, "axis", 1); };
  for (int opset : {11, 13}) {
    CAPTURE(opset);
    const Tensor y = run_single_node("GatherElements", opset, {data, Tensor::from_values<int64_t>(T::Int64, {2, 3}, {0, 0, -1, 1, 0, -2})}, axis1);
    REQUIRE(y.shape() == Shape{2, 3});
    const std::vector<float> expected{1, 1, 2, 4, 3, 3};
    for (size_t i = 0; i < 6; ++i) CHECK(y.data_as<float>()[i] == expected[i]);
    CHECK_THROWS_AS(run_single_node("GatherElements", opset, {data, Tensor::from_values<int64_t>(T::Int64, {2, 1}, {0, 2})}, axis1), Error);
    CHECK_THROWS_AS(run_single_node("GatherElements", opset, {data, Tensor::from_values<int64_t>(T::Int64, {2, 1}, {-3, 0})}, axis1), Error);
  }
}
