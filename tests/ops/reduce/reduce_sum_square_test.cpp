// ReduceSumSquare-18 with noop_with_empty_axes = 1 and no axes: the non-reduction steps still apply
// (x * x elementwise). Expected values by hand (exact in float).
#include <doctest/doctest.h>

#include "node_runner.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

// spec: ReduceSumSquare-18: "composite-reduction operators will still perform the non-reduction steps"
TEST_CASE("ReduceSumSquare-18: noop_with_empty_axes = 1 without axes gives x * x for each element, not x") {
  const Tensor x = Tensor::from_values<float>(ElementType::Float, {3}, {-2, 3, -0.5f});
  const Tensor y =
      run_single_node("ReduceSumSquare", 18, {x}, [](onnx::NodeProto& n) { set_int(n, "noop_with_empty_axes", 1); });
  REQUIRE(y.shape() == Shape{3});
  const std::vector<float> expected{4, 9, 0.25};
  for (size_t i = 0; i < 3; ++i) CHECK(y.data_as<float>()[i] == expected[i]);
  // With axes given, it reduces as usual.
  const Tensor all = run_single_node("ReduceSumSquare", 18, {x, int64_tensor({0})},
                                     [](onnx::NodeProto& n) { set_int(n, "keepdims", 0); });
  CHECK(all.shape() == Shape{});
}
