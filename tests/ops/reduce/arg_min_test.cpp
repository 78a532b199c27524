// ArgMin-11: "The input tensor must not be empty." Versions 12 and 13 dropped the sentence.
#include <doctest/doctest.h>

#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

// spec: ArgMin-11: "The input tensor must not be empty."
TEST_CASE("ArgMin-11: an empty input is refused; 12 and 13 give the empty result") {
  const Tensor empty = Tensor::zeros(ElementType::Float, {0, 3});
  const auto axis1 = [](onnx::NodeProto& n) { set_int(n, "axis", 1); };
  CHECK_THROWS_WITH_AS(run_single_node("ArgMin", 11, {empty}, axis1), doctest::Contains("must not be"), Error);
  for (int opset : {12, 13}) CHECK(run_single_node("ArgMin", opset, {empty}, axis1).shape() == Shape{0, 1});
  CHECK(
      run_single_node("ArgMin", 11, {Tensor::from_values<float>(ElementType::Float, {1, 2}, {1, 2})}, axis1).shape() ==
      Shape{1, 1});
}
