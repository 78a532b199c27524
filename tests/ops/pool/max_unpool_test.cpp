// Unit tests of ops/pool/max_unpool.cpp.
#include "helpers/max_unpool.h"
#include "helpers/unpool_roi_rules.h"

TEST_CASE("MaxUnpool: elements go to their indices; output_shape pads at the end") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 1, 2, 2}, {1, 2, 3, 4});
  const Tensor i = Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {5, 7, 13, 15});
  const Tensor y = unpool_run({x, i}, {2, 2}, {2, 2});
  REQUIRE(y.shape() == Shape{1, 1, 4, 4});
  CHECK(unpool_values(y) == std::vector<float>{0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 3, 0, 4});
  const Tensor y5 = unpool_run({x, i, Tensor::from_values<int64_t>(T::Int64, {4}, {1, 1, 5, 5})}, {2, 2}, {2, 2});
  REQUIRE(y5.shape() == Shape{1, 1, 5, 5});
  CHECK(unpool_values(y5) ==
        std::vector<float>{0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 4, 0, 0, 0, 0, 0, 0});
  // Pads shrink the unpooled shape: (2 - 1) * 2 - 2 + 2 = 2; a repeated index keeps the later element.
  // The indices address the 2x2 output itself, not a padded one.
  // spec: MaxUnpool-22: "Also, the linear indices should not consider padding."
  const Tensor yp =
      unpool_run({x, Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {0, 3, 3, 1})}, {2, 2}, {2, 2}, {1, 1, 1, 1});
  CHECK(yp.shape() == Shape{1, 1, 2, 2});
  CHECK(unpool_values(yp) == std::vector<float>{1, 4, 0, 3});
}

TEST_CASE("MaxUnpool: bad indices and shapes are one-line errors") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 1, 2, 2}, {1, 2, 3, 4});
  CHECK_THROWS_WITH_AS(
      unpool_run({x, Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {0, 1, 16, 2})}, {2, 2}, {2, 2}),
      doctest::Contains("I element 2 is 16, outside [0, 16)"), Error);
  CHECK_THROWS_WITH_AS(
      unpool_run({x, Tensor::from_values<int64_t>(T::Int64, {1, 1, 2, 2}, {0, -1, 2, 3})}, {2, 2}, {2, 2}),
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

namespace unpool_roi_rules_tests {

// X [5, 7] at flat indices [1, 2] of an output of (2 - 1) * 2 + 2 = 4: [0, 5, 7, 0]; MaxPool with the
// same kernel and strides gives back [5, 7].
// spec: MaxUnpool-9,11,22: "Pooling the result of an unpooling operation should give back the original input to the unpooling op."
// spec: MaxUnpool-9,11,22: "The attributes typically have the same values as the corresponding pooling op that the unpooling op is trying to invert."
// spec: MaxUnpool-9,11,22: "Input data tensor that has to be unpooled."
// spec: MaxUnpool-9,11,22: "The indices are linear, i.e. computed considering the tensor as flattened 1-D tensor, assuming row-major storage."
// spec: MaxUnpool-9,11,22: "So the values in indices are in the range [0, N x C x D1 x ... x Dn)."
// spec: MaxUnpool-9,11,22: "Dimensions must be the same as input tensor X."
// spec: MaxUnpool-9,11,22: "If not present, the padding defaults to 0 along start and end of each spatial axis."
// spec: MaxUnpool-11,22: "If not present, the stride defaults to 1 along each spatial axis."
TEST_CASE(
    "MaxUnpool, every version: values at their flat indices; MaxPool undoes it; indices in range and of X's shape") {
  for (int64_t v : {9, 11, 22}) {
    INFO("MaxUnpool-", v);
    const Tensor y = unpool(v, i64({1, 1, 2}, {1, 2}), strides2);
    CHECK(floats(y) == std::vector<float>{0, 5, 7, 0});
    OpTester pool("MaxPool", 12);
    pool.input(Value(y))
        .attribute("kernel_shape", std::vector<int64_t>{2})
        .attribute("strides", std::vector<int64_t>{2});
    CHECK(floats(pool.run_tensor()) == floats(kX()));
    CHECK_THROWS_AS(unpool(v, i64({1, 1, 2}, {1, 4}), strides2), Error);
    CHECK_THROWS_AS(unpool(v, i64({1, 1, 3}, {0, 1, 2}), strides2), Error);
    if (v >= 11)
      CHECK(floats(unpool(v, i64({1, 1, 2}, {0, 2}), {})) == std::vector<float>{5, 0, 7});  // stride 1: 3 outputs
  }
}

// spec: MaxUnpool-9,11,22: "`pads` format should be as follow [x1_begin, x2_begin...x1_end, x2_end,...]"
// spec: MaxUnpool-9,11,22: "If 'output_shape' is specified, 'pads' values are ignored."
// spec: MaxUnpool-9,11,22: "MaxUnpool can produce the same output size for several input sizes, which makes unpooling op ambiguous."
// spec: MaxUnpool-9,11,22: "This attribute cannot be used simultaneously with auto_pad attribute."
TEST_CASE(
    "MaxUnpool, every version: pads shrink the output; output_shape overrides them; pads with auto_pad are refused") {
  for (int64_t v : {9, 11, 22}) {
    INFO("MaxUnpool-", v);
    const auto padded = [](OpTester& t) {
      t.attribute("strides", std::vector<int64_t>{2}).attribute("pads", std::vector<int64_t>{1, 0});
    };
    CHECK(unpool(v, i64({1, 1, 2}, {1, 2}), padded).shape() == Shape{1, 1, 3});
    const Tensor y = unpool(v, i64({1, 1, 2}, {1, 2}), padded, i64({3}, {1, 1, 5}));
    CHECK(y.shape() == Shape{1, 1, 5});
    CHECK(floats(y) == std::vector<float>{0, 5, 7, 0, 0});
    CHECK_THROWS_AS(unpool(v, i64({1, 1, 2}, {1, 2}),
                           [](OpTester& t) {
                             t.attribute("strides", std::vector<int64_t>{2})
                                 .attribute("pads", std::vector<int64_t>{1, 0})
                                 .attribute("auto_pad", "SAME_UPPER");
                           }),
                    Error);
  }
}

}  // namespace unpool_roi_rules_tests
