// Unit tests of ops/pool/max_unpool.cpp.
#include "helpers/max_unpool.h"

TEST_CASE("MaxUnpool: elements go to their indices; output_shape pads at the end") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 1, 2, 2}, {1, 2, 3, 4});
  const Tensor i = Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {5, 7, 13, 15});
  const Tensor y = unpool_run({x, i}, {2, 2}, {2, 2});
  REQUIRE(y.shape() == Shape{1, 1, 4, 4});
  CHECK(unpool_values(y) == std::vector<float>{0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 3, 0, 4});
  const Tensor y5 = unpool_run({x, i, Tensor::from_values<int64_t>(T::Int64, {4}, {1, 1, 5, 5})}, {2, 2}, {2, 2});
  REQUIRE(y5.shape() == Shape{1, 1, 5, 5});
  CHECK(unpool_values(y5) == std::vector<float>{0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 4, 0, 0, 0, 0, 0, 0});
  // Pads shrink the unpooled shape: (2 - 1) * 2 - 2 + 2 = 2; a repeated index keeps the later element.
  // The indices address the 2x2 output itself, not a padded one.
  // spec: MaxUnpool-22: "Also, the linear indices should not consider padding."
  const Tensor yp = unpool_run({x, Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {0, 3, 3, 1})}, {2, 2}, {2, 2},
                               {1, 1, 1, 1});
  CHECK(yp.shape() == Shape{1, 1, 2, 2});
  CHECK(unpool_values(yp) == std::vector<float>{1, 4, 0, 3});
}

TEST_CASE("MaxUnpool: bad indices and shapes are one-line errors") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 1, 2, 2}, {1, 2, 3, 4});
  CHECK_THROWS_WITH_AS(unpool_run({x, Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {0, 1, 16, 2})}, {2, 2}, {2, 2}),
                       doctest::Contains("I element 2 is 16, outside [0, 16)"), Error);
  CHECK_THROWS_WITH_AS(unpool_run({x, Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {0, -1, 2, 3})}, {2, 2}, {2, 2}),
                       doctest::Contains("I element 1 is -1"), Error);
  CHECK_THROWS_WITH_AS(unpool_run({x, Tensor::from_values<int64_t>(T::Int64, {1, 1, 4}, {0, 1, 2, 3})}, {2, 2}, {2, 2}),
                       doctest::Contains("must have X's shape"), Error);
  CHECK_THROWS_WITH_AS(unpool_run({x, Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {0, 1, 2, 3}),
                                   Tensor::from_values<int64_t>(T::Int64, {4}, {1, 1, 3, 5})},
                                  {2, 2}, {2, 2}),
                       doctest::Contains("at least the unpooled shape [1, 1, 4, 4]"), Error);
  CHECK_THROWS_WITH_AS(unpool_run({x, Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {0, 1, 2, 3})}, {2}, {2}),
                       doctest::Contains("attribute 'kernel_shape' [2] must have 2 values"), Error);
}

// Pads 1 on every side of a 2x2 kernel at stride 2 over a 2x2 input: the output is 2x2, and the
// indices 0, 3, 3, 1 address it directly (3 twice: the later element, 4, stays).
// spec: MaxUnpool-9,11,22: "Also, the linear indices should not consider padding."
TEST_CASE("MaxUnpool, every version: indices address the unpadded output") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 1, 2, 2}, {1, 2, 3, 4});
  const Tensor i = Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {0, 3, 3, 1});
  for (int opset : {9, 11, 22}) {
    CAPTURE(opset);
    const Tensor y = run_single_node("MaxUnpool", opset, {x, i}, [](onnx::NodeProto& n) {
      set_ints(n, "kernel_shape", {2, 2});
      set_ints(n, "strides", {2, 2});
      set_ints(n, "pads", {1, 1, 1, 1});
    });
    CHECK(y.shape() == Shape{1, 1, 2, 2});
    CHECK(unpool_values(y) == std::vector<float>{1, 4, 0, 3});
  }
}
