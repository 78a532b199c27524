// Unit tests of ops/shape/size.cpp.
#include "helpers/shape_ops.h"
#include "helpers/shape_rules.h"

TEST_CASE("Size: the element count as an int64 scalar") {
  const auto count = [](const Tensor& t, int since) { return run_kernel("Size", since, {Value(t)})[0].tensor(); };
  CHECK(count(Tensor::zeros(T::Float, {2, 3}), 1).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {6})));
  CHECK(count(Tensor::zeros(T::Float, {2, 0}), 13).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {0})));
  CHECK(count(Tensor::zeros(T::Float, {}), 19).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {1})));
  CHECK(count(int4_tensor({7}), 21).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {7})));
  CHECK(count(Tensor::from_strings({3}, {"a", "b", "c"}), 25)
            .identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {3})));
  CHECK(count(Tensor::zeros(T::Complex128, {2, 2}), 24).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {4})));
}

namespace shape_rules_tests {

// spec: Size-*: "Takes a tensor as input and outputs a int64 scalar that equals to the total number of elements of the input tensor."
// spec: Size-*: "Constrain output to int64 tensor, which should be a scalar though."
TEST_CASE("Size, every version: an int64 scalar, the element count") {
  for (int64_t v : {1, 13, 19, 21, 23, 24, 25}) {
    INFO("Size-", v);
    const Tensor n = run("Size", v, {kX()});
    REQUIRE(n.type() == T::Int64);
    CHECK(n.shape() == Shape{});
    CHECK(n.data_as<int64_t>()[0] == 24);
  }
}

}  // namespace shape_rules_tests
