// Expand-8 and -13: numpy broadcasting of the input against the shape. Expected shapes by hand.
#include <doctest/doctest.h>

#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: Expand-8,13: "Two corresponding dimensions must have the same value, or one of them is equal to 1."
TEST_CASE("Expand-8 and -13: dimensions broadcast when equal or 1, right-aligned; others are refused") {
  const Tensor x = Tensor::from_values<float>(T::Float, {3, 1}, {1, 2, 3});
  for (int opset : {8, 13}) {
    CAPTURE(opset);
    CHECK(run_single_node("Expand", opset, {x, int64_tensor({2, 1, 4})}).shape() == Shape{2, 3, 4});
    CHECK(run_single_node("Expand", opset, {x, int64_tensor({1})}).shape() == Shape{3, 1});  // the larger wins
    const Tensor y = run_single_node("Expand", opset, {x, int64_tensor({3, 2})});
    CHECK(y.data_as<float>()[5] == 3.0f);
    CHECK_THROWS_AS(run_single_node("Expand", opset, {x, int64_tensor({2, 2})}), Error);
    CHECK_THROWS_AS(run_single_node("Expand", opset, {x, int64_tensor({4, 1})}), Error);
  }
}
