// EyeLike-9 and -22: rank-2 input only; ones on the diagonal k (0 by default). Expected values by hand.
#include <doctest/doctest.h>

#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: EyeLike-9,22: "Only 2D tensors are supported, i.e. input T1 must be of rank 2."
// spec: EyeLike-9,22: "The shape of the output tensor is the same as the input tensor."
// spec: EyeLike-9,22: "By default, the main diagonal is populated with ones, but attribute 'k' can be used to populate upper or lower diagonals."
TEST_CASE("EyeLike-9 and -22: a rank-2 input's shape, ones on diagonal k; other ranks refused") {
  for (int opset : {9, 22}) {
    CAPTURE(opset);
    const Tensor y = run_single_node("EyeLike", opset, {Tensor::zeros(T::Float, {2, 3})});
    REQUIRE(y.shape() == Shape{2, 3});
    const std::vector<float> identity{1, 0, 0, 0, 1, 0};
    for (size_t i = 0; i < 6; ++i) CHECK(y.data_as<float>()[i] == identity[i]);
    const Tensor upper = run_single_node("EyeLike", opset, {Tensor::zeros(T::Float, {2, 3})}, [](onnx::NodeProto& n) { set_int(n, "k", 1); });
    const std::vector<float> shifted{0, 1, 0, 0, 0, 1};
    for (size_t i = 0; i < 6; ++i) CHECK(upper.data_as<float>()[i] == shifted[i]);
    CHECK_THROWS_AS(run_single_node("EyeLike", opset, {Tensor::zeros(T::Float, {2, 2, 2})}), Error);
    CHECK_THROWS_AS(run_single_node("EyeLike", opset, {Tensor::zeros(T::Float, {4})}), Error);
  }
}
