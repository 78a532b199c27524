// Unit tests of ops/shape/size.cpp.
#include "helpers/shape_ops.h"

TEST_CASE("Size: the element count as an int64 scalar") {
  const auto count = [](const Tensor& t, int since) { return run_kernel("Size", since, {Value(t)})[0].tensor(); };
  CHECK(count(Tensor::zeros(T::Float, {2, 3}), 1).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {6})));
  CHECK(count(Tensor::zeros(T::Float, {2, 0}), 13).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {0})));
  CHECK(count(Tensor::zeros(T::Float, {}), 19).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {1})));
  CHECK(count(int4_tensor({7}), 21).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {7})));
  CHECK(count(Tensor::from_strings({3}, {"a", "b", "c"}), 25).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {3})));
  CHECK(count(Tensor::zeros(T::Complex128, {2, 2}), 24).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {4})));
}
