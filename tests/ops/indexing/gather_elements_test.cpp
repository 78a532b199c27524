// GatherElements-11 and -13: the output has the indices' shape; indices in [-s, s-1], others refused.
// Expected values by hand.
#include <doctest/doctest.h>

#include "helpers/indexing_rules.h"
#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: GatherElements-11,13: "Its output shape is the same as the shape of `indices` and consists of one value (gathered from the `data`) for each element in `indices`."
// spec: GatherElements-11,13: "All index values are expected to be within bounds [-s, s-1] along axis of size s."
// spec: GatherElements-11,13: "It is an error if any of the index values are out of bounds."
TEST_CASE(
    "GatherElements-11 and -13: indices' shape out; negative indices count from the back; out of bounds refused") {
  const Tensor data = Tensor::from_values<float>(T::Float, {2, 2}, {1, 2, 3, 4});
  const auto axis1 = [](onnx::NodeProto& n) { set_int(n, "axis", 1); };
  for (int opset : {11, 13}) {
    CAPTURE(opset);
    const Tensor y = run_single_node(
        "GatherElements", opset, {data, Tensor::from_values<int64_t>(T::Int64, {2, 3}, {0, 0, -1, 1, 0, -2})}, axis1);
    REQUIRE(y.shape() == Shape{2, 3});
    const std::vector<float> expected{1, 1, 2, 4, 3, 3};
    for (size_t i = 0; i < 6; ++i) CHECK(y.data_as<float>()[i] == expected[i]);
    CHECK_THROWS_AS(
        run_single_node("GatherElements", opset, {data, Tensor::from_values<int64_t>(T::Int64, {2, 1}, {0, 2})}, axis1),
        Error);
    CHECK_THROWS_AS(run_single_node("GatherElements", opset,
                                    {data, Tensor::from_values<int64_t>(T::Int64, {2, 1}, {-3, 0})}, axis1),
                    Error);
  }
}

namespace indexing_rules_tests {

// spec: GatherElements-*: "GatherElements takes two inputs `data` and `indices` of the same rank r >= 1 and an optional attribute `axis` that identifies an axis of `data` (by default, the outer-most axis, that is axis 0)."
// spec: GatherElements-*: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: GatherElements-*: "Tensor of int32/int64 indices, with the same rank r as the input."
// spec: GatherElements-*: "Tensor of the same shape as indices."
TEST_CASE("GatherElements, every version: axis 0 by default, the output of the indices' shape, ranks equal") {
  for (int64_t v : {11, 13}) {
    INFO("GatherElements-", v);
    // out[i][j] = data[idx[i][j]][j]: [[data[1][0], data[0][1]]] = [[4, 2]].
    const Tensor y = run("GatherElements", v, {kData(), i64({1, 2}, {1, 0})});
    CHECK(y.shape() == Shape{1, 2});
    CHECK(floats(y) == std::vector<float>{4, 2});
    // axis -1: out[i][j] = data[i][idx[i][j]]: [[3], [4]].
    CHECK(floats(run("GatherElements", v, {kData(), i64({2, 1}, {2, 0})}, axis(-1))) == std::vector<float>{3, 4});
    CHECK_THROWS_AS(run("GatherElements", v, {kData(), i64({1, 1}, {0})}, axis(2)), Error);
    CHECK_THROWS_AS(run("GatherElements", v, {kData(), i64({2}, {0, 0})}), Error);
  }
}

}  // namespace indexing_rules_tests
