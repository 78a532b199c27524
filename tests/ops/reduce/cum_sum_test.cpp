// CumSum-11 and -14: the axis is "A 0-D tensor"; a [1] tensor is refused. Expected sums by hand.
#include <doctest/doctest.h>

#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: CumSum-11: "A 0-D tensor. Must be in the range [-rank(x), rank(x)-1]."
// spec: CumSum-14: "A 0-D tensor. Must be in the range [-rank(x), rank(x)-1]."
TEST_CASE("CumSum-11 and -14: the axis must be a 0-D tensor; a [1] tensor is refused") {
  const Tensor x = Tensor::from_values<float>(T::Float, {3}, {1, 2, 3});
  for (int opset : {11, 14}) {
    CAPTURE(opset);
    const Tensor y = run_single_node("CumSum", opset, {x, Tensor::from_values<int32_t>(T::Int32, {}, {0})});
    CHECK(y.data_as<float>()[2] == 6.0f);
    CHECK_THROWS_WITH_AS(run_single_node("CumSum", opset, {x, Tensor::from_values<int32_t>(T::Int32, {1}, {0})}),
                         doctest::Contains("must be a 0-D tensor"), Error);
  }
}
