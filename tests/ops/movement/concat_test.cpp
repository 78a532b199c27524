// Unit tests of ops/movement/concat.cpp.
#include <doctest/doctest.h>
#include "helpers/movement_indexing.h"
#include "helpers/movement_rules.h"
#include "runtime/error.h"

// spec: Concat-*: "All input tensors must have the same shape, except for the dimension size of the axis to concatenate on."
// spec: Split-13,18: "Sum of the values must be equal to the dim value at 'axis' specified."
TEST_CASE("Concat and Split: shapes, sizes and their errors") {
  CHECK(concat_output_shape({{2, 3}, {2, 5}}, 1, AxisRange::NonNegative) == Shape{2, 8});
  CHECK(concat_output_shape({{0, 3}, {2, 3}}, -2, AxisRange::Signed) == Shape{2, 3});
  CHECK_THROWS_WITH_AS(concat_output_shape({{2, 3}, {3, 3}}, 1, AxisRange::Signed),
                       "input 1 is [3, 3] and input 0 is [2, 3]: they differ in dimension 0, which is not the axis 1",
                       Error);
  CHECK_THROWS_WITH_AS(concat_output_shape({{2, 3}, {3}}, 0, AxisRange::Signed),
                       "input 1 is [3], whose rank differs from input 0's [2, 3]", Error);
  CHECK_THROWS_WITH_AS(concat_output_shape({{INT64_MAX}, {1}}, 0, AxisRange::Signed),
                       "the sizes along axis 0 add up beyond int64", Error);
  CHECK(split_sizes(6, std::nullopt, std::nullopt, 3) == std::vector<int64_t>{2, 2, 2});
  CHECK(split_sizes(7, std::nullopt, 3, 3) == std::vector<int64_t>{3, 3, 1});
  CHECK(split_sizes(5, std::vector<int64_t>{0, 5}, std::nullopt, 2) == std::vector<int64_t>{0, 5});
  CHECK_THROWS_WITH_AS(split_sizes(7, std::nullopt, std::nullopt, 3),
                       "an axis of 7 elements cannot be cut into 3 equal parts (give `split`)", Error);
  CHECK_THROWS_WITH_AS(split_sizes(5, std::vector<int64_t>{2, 2}, std::nullopt, 2),
                       "the split sizes add up to 4 but the axis has 5 elements", Error);
  CHECK_THROWS_WITH_AS(split_sizes(5, std::vector<int64_t>{6, -1}, std::nullopt, 2), "split[1] = -1 is negative",
                       Error);
  CHECK_THROWS_WITH_AS(split_sizes(5, std::vector<int64_t>{5}, std::nullopt, 2),
                       "split has 1 entries but the node has 2 outputs", Error);
  CHECK_THROWS_WITH_AS(split_sizes(2, std::nullopt, 4, 4), doctest::Contains("cannot be cut into 4 chunks"), Error);
  CHECK_THROWS_WITH_AS(split_sizes(4, std::nullopt, 3, 2), "num_outputs = 3 but the node has 2 outputs", Error);

  const Tensor c = Tensor::from_values<std::complex<double>>(T::Complex128, {1, 2}, {{1, 2}, {3, 4}});
  const Tensor joined = run_op("Concat", 13, {c, c}, {{"axis", int64_t{0}}})[0].tensor();
  CHECK(joined.shape() == Shape{2, 2});
  CHECK(joined.data_as<std::complex<double>>()[3] == std::complex<double>(3, 4));
  const auto parts = run_op("Split", 13, {joined, i64({2}, {1, 1})}, {{"axis", int64_t{0}}}, 2);
  CHECK(parts[1].tensor().identical_to(c));
}

// The rules of the ONNX 1.22.0 text, each test citing its sentence.
namespace {

// Concat of zero-filled floats of the given shapes along `axis`, through the operator tester.
testing::OpTester concat_of(int opset, const std::vector<Shape>& shapes, int64_t axis) {
  testing::OpTester t("Concat", opset);
  for (const Shape& s : shapes) t.input(Value(Tensor::zeros(T::Float, s)));
  t.attribute("axis", axis);
  return t;
}

}  // namespace

// spec: Concat-11,13: "Accepted range is [-r, r-1] where r = rank(inputs)."
// spec: Concat-4,11,13: "All input tensors must have the same shape, except for the dimension size of the axis to concatenate on."
TEST_CASE("Concat-11 and -13: axes in [-r, r-1]; shapes agree but along the axis; Concat-4 takes no negative axis") {
  for (int opset : {11, 13}) {
    CAPTURE(opset);
    CHECK(concat_of(opset, {{2, 3}, {2, 1}}, -1).run_tensor().shape() == Shape{2, 4});
    CHECK(concat_of(opset, {{2, 3}, {1, 3}}, -2).run_tensor().shape() == Shape{3, 3});
    CHECK_THROWS_AS(concat_of(opset, {{2, 3}, {2, 1}}, 2).run_tensor(), Error);
    CHECK_THROWS_AS(concat_of(opset, {{2, 3}, {2, 1}}, -3).run_tensor(), Error);
    CHECK_THROWS_AS(concat_of(opset, {{2, 3}, {3, 1}}, 1).run_tensor(), Error);
  }
  CHECK(concat_of(4, {{2, 3}, {2, 1}}, 1).run_tensor().shape() == Shape{2, 4});
  CHECK_THROWS_AS(concat_of(4, {{2, 3}, {2, 1}}, -1).run_tensor(), Error);
  CHECK_THROWS_AS(concat_of(4, {{2, 3}, {3, 1}}, 1).run_tensor(), Error);
}

namespace movement_rules_tests {

// spec: Concat-1: "Default value is 1."
TEST_CASE("Concat-1: axis 1 by default") {
  const Tensor y = run("Concat", 1, {f32({1, 1}, {1}), f32({1, 1}, {2})});
  CHECK(y.shape() == Shape{1, 2});
}

}  // namespace movement_rules_tests
