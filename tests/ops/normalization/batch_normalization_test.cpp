// BatchNormalization-9, -14, -15: a rank-1 X of size N is taken with C = 1. Expected values by
// hand: epsilon = 0 and variances that are perfect squares make every step exact.
#include <doctest/doctest.h>

#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }

}  // namespace

// spec: BatchNormalization-9: "The op also accepts single dimension input of size N in which case C is assumed to be 1."
// spec: BatchNormalization-14: "The op also accepts single dimension input of size N in which case C is assumed to be 1."
// spec: BatchNormalization-15: "The op also accepts single dimension input of size N in which case C is assumed to be 1."
TEST_CASE("BatchNormalization-9, -14, -15: a rank-1 input of size N is normalized with C = 1") {
  // Inference: (x - 1) / sqrt(4 + 0) * 2 + 0.5.
  const Tensor x = f32({3}, {1, 3, 5});
  for (int opset : {9, 14, 15}) {
    CAPTURE(opset);
    const Tensor y = run_single_node("BatchNormalization", opset, {x, f32({1}, {2}), f32({1}, {0.5f}), f32({1}, {1}), f32({1}, {4})},
                                     [](onnx::NodeProto& n) { set_float_attribute(n, "epsilon", 0.0f); });
    REQUIRE(y.shape() == Shape{3});
    CHECK(y.data_as<float>()[0] == 0.5f);
    CHECK(y.data_as<float>()[1] == 2.5f);
    CHECK(y.data_as<float>()[2] == 4.5f);
  }
  // Training (14, 15): the batch [1, 3] has mean 2 and variance 1, so y = (x - 2) * 2 + 0.5.
  for (int opset : {14, 15}) {
    CAPTURE(opset);
    const Tensor y = run_single_node("BatchNormalization", opset,
                                     {f32({2}, {1, 3}), f32({1}, {2}), f32({1}, {0.5f}), f32({1}, {7}), f32({1}, {9})},
                                     [](onnx::NodeProto& n) {
                                       set_float_attribute(n, "epsilon", 0.0f);
                                       set_int(n, "training_mode", 1);
                                     });
    CHECK(y.data_as<float>()[0] == -1.5f);
    CHECK(y.data_as<float>()[1] == 2.5f);
  }
  // Version 7's text has no such sentence: rank 1 is refused there.
  CHECK_THROWS_WITH_AS(run_single_node("BatchNormalization", 7, {x, f32({1}, {2}), f32({1}, {0.5f}), f32({1}, {1}), f32({1}, {4})}),
                       doctest::Contains("rank 2 or more"), Error);
}
