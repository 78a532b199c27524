// ConvTranspose-11 and -22: output_shape names the spatial axes only. Expected values by hand (a
// 1x1 kernel of weight 1 with stride 2 places x at even positions, zeros elsewhere).
#include <doctest/doctest.h>

#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: ConvTranspose-11: "Note that the output_shape attribute value should not include dimensions for batch size and channels, which are automatically inferred."
// spec: ConvTranspose-22: "Note that the output_shape attribute value should not include dimensions for batch size and channels, which are automatically inferred."
TEST_CASE("ConvTranspose-11 and -22: an output_shape with batch and channel dimensions is refused; version 1 takes it") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 1, 2}, {3, 4});
  const Tensor w = Tensor::from_values<float>(T::Float, {1, 1, 1}, {1});
  auto attrs = [](std::vector<int64_t> shape) {
    return [shape](onnx::NodeProto& n) {
      set_ints(n, "strides", {2});
      set_ints(n, "output_shape", shape);
    };
  };
  for (int opset : {11, 22}) {
    CAPTURE(opset);
    const Tensor y = run_single_node("ConvTranspose", opset, {x, w}, attrs({4}));
    REQUIRE(y.shape() == Shape{1, 1, 4});
    CHECK(y.data_as<float>()[0] == 3.0f);
    CHECK(y.data_as<float>()[1] == 0.0f);
    CHECK(y.data_as<float>()[2] == 4.0f);
    CHECK_THROWS_WITH_AS(run_single_node("ConvTranspose", opset, {x, w}, attrs({1, 1, 4})),
                         doctest::Contains("should not include dimensions for batch size and channels"), Error);
  }
  CHECK(run_single_node("ConvTranspose", 1, {x, w}, attrs({1, 1, 4})).shape() == Shape{1, 1, 4});
}
