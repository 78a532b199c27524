// Unit tests of ops/movement/expand.cpp.
#include <doctest/doctest.h>
#include "helpers/layout_ops.h"
#include "node_runner.h"
#include "runtime/error.h"

TEST_CASE("Expand: output shapes broadcast both ways") {
  CHECK(expand_output_shape({3, 1}, std::vector<int64_t>{2, 1, 6}) == Shape{2, 3, 6});
  CHECK(expand_output_shape({3, 1}, std::vector<int64_t>{3, 4}) == Shape{3, 4});
  CHECK(expand_output_shape({3, 4}, std::vector<int64_t>{1}) == Shape{3, 4});  // a 1 keeps the input's size
  CHECK(expand_output_shape({3, 4}, std::vector<int64_t>{}) == Shape{3, 4});
  CHECK(expand_output_shape({}, std::vector<int64_t>{2, 2}) == Shape{2, 2});
  CHECK(expand_output_shape({}, std::vector<int64_t>{}) == Shape{});
  CHECK(expand_output_shape({1}, std::vector<int64_t>{0}) == Shape{0});
  CHECK(expand_output_shape({0, 1}, std::vector<int64_t>{1, 5}) == Shape{0, 5});
  CHECK(expand_output_shape({2, 1, 3}, std::vector<int64_t>{4, 1, 1, 1}) == Shape{4, 2, 1, 3});
}

TEST_CASE("Expand: errors") {
  CHECK_THROWS_WITH_AS(expand_output_shape({3}, std::vector<int64_t>{2, -1}), "shape[1] = -1 is negative", Error);
  CHECK_THROWS_WITH_AS(expand_output_shape({3}, std::vector<int64_t>{kMin}),
                       "shape[0] = -9223372036854775808 is negative", Error);
  CHECK_THROWS_WITH_AS(expand_output_shape({3, 1}, std::vector<int64_t>{2, 4}),
                       "shapes [3, 1] and [2, 4] cannot be broadcast (dimension 3 vs 2)", Error);
  CHECK_THROWS_WITH_AS(expand_output_shape({2}, std::vector<int64_t>{0}),
                       "shapes [2] and [0] cannot be broadcast (dimension 2 vs 0)", Error);
  CHECK_THROWS_WITH_AS(expand_output_shape({1}, std::vector<int64_t>{kMax, 2}),
                       "expanding [1] to [9223372036854775807, 2] gives the shape [9223372036854775807, 2], whose "
                       "element count overflows int64",
                       Error);
  CHECK_THROWS_WITH_AS(expand_output_shape({4294967296}, std::vector<int64_t>{4294967296, 1}),
                       "expanding [4294967296] to [4294967296, 1] gives the shape [4294967296, 4294967296], whose "
                       "element count overflows int64",
                       Error);
  // Large but countable: refused by the allocation check, before any memory is touched.
  CHECK_THROWS_AS(
      expand(Tensor::zeros(T::Float, {1}), expand_output_shape({1}, std::vector<int64_t>{1000000, 1000000, 1000})),
      Error);
}

TEST_CASE("Expand: the plan merges loops that both stretch or both run contiguously") {
  auto p = broadcast_plan({3, 1}, {2, 3, 6});
  CHECK(p.dims == std::vector<int64_t>{2, 3, 6});
  CHECK(p.src_strides == std::vector<int64_t>{0, 1, 0});
  p = broadcast_plan({1, 1, 4, 5}, {2, 3, 4, 5});
  CHECK(p.dims == std::vector<int64_t>{6, 20});
  CHECK(p.src_strides == std::vector<int64_t>{0, 1});
  p = broadcast_plan({2, 3}, {2, 3});
  CHECK(p.dims == std::vector<int64_t>{6});
  CHECK(p.src_strides == std::vector<int64_t>{1});
  CHECK(broadcast_plan({1}, {1, 1}).dims.empty());
}

TEST_CASE("Expand: kernels match the reference, every width") {
  const std::pair<Shape, Shape> cases[] = {
      {{3, 1}, {2, 3, 6}},    {{1}, {4, 5}},          {{}, {3, 2}},     {{5}, {7, 5}},    {{2, 1, 3}, {2, 4, 3}},
      {{4, 1, 1}, {4, 3, 2}}, {{1, 3, 1}, {2, 3, 5}}, {{2, 3}, {2, 3}}, {{1, 2}, {0, 2}}, {{3, 1}, {1, 2, 3, 33}}};
  for (ElementType type : kEveryWidth) {
    CAPTURE(name_of(type));
    for (const auto& entry : cases) {  // no structured binding: clang 14 cannot capture one
      const auto& in = std::get<0>(entry);
      const auto& out = std::get<1>(entry);
      CAPTURE(shape_to_string(in));
      CAPTURE(shape_to_string(out));
      const Tensor x = patterned(type, in);
      const Shape shape = expand_output_shape(in, out);
      CHECK(expand(x, shape).identical_to(naive_expand(x, shape)));
    }
  }
}

TEST_CASE("Expand: a float example by hand") {
  const Tensor y = expand(floats({3, 1}, {1, 2, 3}), {2, 3, 2});
  CHECK(float_values(y) == std::vector<float>{1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3});
}

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
    // spec: Expand-8,13: "A 1-D tensor indicates the shape you want to expand to, following the broadcast rule"
    CHECK_THROWS_AS(run_single_node("Expand", opset, {x, Tensor::from_values<int64_t>(T::Int64, {1, 2}, {3, 2})}),
                    Error);
    CHECK_THROWS_AS(run_single_node("Expand", opset, {x, Tensor::from_values<int64_t>(T::Int64, {}, {3})}), Error);
  }
}
