// Unit tests of ops/shape/squeeze.cpp.
#include "helpers/shape_ops.h"
#include "helpers/shape_rules.h"

// spec: Squeeze-13: "If an axis is selected with shape entry not equal to one, an error is raised."
TEST_CASE("Squeeze: attribute (1, 11) and optional input (13 on); the output is a view") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 2, 1}, {1, 2});
  auto y = run_kernel("Squeeze", 1, {Value(x)}, with_ints("axes", {0}))[0].tensor();
  CHECK(y.shape() == Shape{2, 1});
  CHECK(y.shares_storage_with(x));
  CHECK_THROWS_AS(run_kernel("Squeeze", 1, {Value(x)}, with_ints("axes", {-1})), Error);
  CHECK(run_kernel("Squeeze", 11, {Value(x)}, with_ints("axes", {-1}))[0].tensor().shape() == Shape{1, 2});
  CHECK(run_kernel("Squeeze", 11, {Value(x)})[0].tensor().shape() == Shape{2});
  CHECK(run_kernel("Squeeze", 11, {Value(x)}, with_ints("axes", {}))[0].tensor().shape() == Shape{1, 2, 1});
  for (int since : {13, 21, 23, 24, 25}) {
    CAPTURE(since);
    CHECK(run_kernel("Squeeze", since, {Value(x), std::nullopt})[0].tensor().shape() == Shape{2});
    CHECK(run_kernel("Squeeze", since, {Value(x)})[0].tensor().shape() == Shape{2});
    CHECK(run_kernel("Squeeze", since, {Value(x), Value(int64_tensor({2, 0}))})[0].tensor().shape() == Shape{2});
    CHECK(run_kernel("Squeeze", since, {Value(x), Value(int64_tensor({}))})[0].tensor().shape() == Shape{1, 2, 1});
  }
  CHECK_THROWS_WITH_AS(run_kernel("Squeeze", 13, {Value(x), Value(int64_tensor({1}))}),
                       "cannot squeeze axis 1 (axes[0] = 1) of shape [1, 2, 1]: its size is 2, not 1", Error);
  const Tensor s = Tensor::from_strings({1, 2}, {"p", "q"});
  CHECK(run_kernel("Squeeze", 13, {Value(s)})[0].tensor().strings() == std::vector<std::string>{"p", "q"});
  const Tensor i4 = int4_tensor({3, 1});
  const Tensor i4y = run_kernel("Squeeze", 21, {Value(i4), Value(int64_tensor({-1}))})[0].tensor();
  CHECK(i4y.shape() == Shape{3});
  CHECK(i4y.shares_storage_with(i4));
  const Tensor c = Tensor::zeros(T::Complex128, {1, 1});
  CHECK(run_kernel("Squeeze", 13, {Value(c)})[0].tensor().shape() == Shape{});
}

TEST_CASE("Squeeze and Unsqueeze in a model: errors name the node and version") {
  ModelBuilder b(13);
  b.input("x", T::Float, {1, 3}).output("y").initializer("axes", int64_tensor({1}));
  b.node("Squeeze", {"x", "axes"}, {"y"}).set_name("sq");
  CHECK_THROWS_WITH_AS(
      b.build().run({{"x", Tensor::zeros(T::Float, {1, 3})}}),
      doctest::Contains(
          "node 'sq' (#0, Squeeze-13): cannot squeeze axis 1 (axes[0] = 1) of shape [1, 3]: its size is 3, not 1"),
      Error);
  ModelBuilder u(1);
  u.input("x", T::Float, {3}).output("y");
  u.node("Unsqueeze", {"x"}, {"y"}).set_name("un");
  CHECK_THROWS_WITH_AS(u.build(), doctest::Contains("required attribute 'axes' is not set"), Error);
}

namespace shape_rules_tests {

// spec: Squeeze-1,11,21,23,24,25: "If an axis is selected with shape entry not equal to one, an error is raised."
// spec: Squeeze-11,13,21,23,24,25: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: Squeeze-*: "Tensors with at least max(dims) dimensions."
TEST_CASE("Squeeze, every version: only axes of length 1; axes in [-r, r-1]") {
  const Tensor x = Tensor::zeros(T::Float, {1, 3, 1});
  for (int64_t v : {1, 11, 13, 21, 23, 24, 25}) {
    INFO("Squeeze-", v);
    CHECK(squeeze(v, x, {0}).shape() == Shape{3, 1});
    CHECK_THROWS_AS(squeeze(v, x, {1}), Error);
    CHECK_THROWS_AS(squeeze(v, x, {3}), Error);
    if (v >= 11) {
      CHECK(squeeze(v, x, {-1}).shape() == Shape{1, 3});
      CHECK_THROWS_AS(squeeze(v, x, {-4}), Error);
    }
  }
}

}  // namespace shape_rules_tests
