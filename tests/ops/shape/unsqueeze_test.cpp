// Unit tests of ops/shape/unsqueeze.cpp.
#include "helpers/shape_ops.h"
#include "helpers/shape_rules.h"

// spec: Unsqueeze-13: "The input `axes` should not contain any duplicate entries."
// spec: Unsqueeze-13: "It is an error if it contains duplicates."
// spec: Unsqueeze-13: "Each value in `axes` should be within the (inclusive) range [-output_rank , output_rank - 1]."
TEST_CASE("Unsqueeze: attribute (1, 11) and input (13 on); the output is a view") {
  const Tensor x = Tensor::from_values<double>(T::Double, {2}, {1, 2});
  auto y = run_kernel("Unsqueeze", 1, {Value(x)}, with_ints("axes", {1, 0}))[0].tensor();
  CHECK(y.shape() == Shape{1, 1, 2});
  CHECK(y.shares_storage_with(x));
  CHECK_THROWS_AS(run_kernel("Unsqueeze", 1, {Value(x)}, with_ints("axes", {-1})), Error);
  CHECK(run_kernel("Unsqueeze", 11, {Value(x)}, with_ints("axes", {-1}))[0].tensor().shape() == Shape{2, 1});
  for (int since : {13, 21, 23, 24, 25}) {
    CAPTURE(since);
    CHECK(run_kernel("Unsqueeze", since, {Value(x), Value(int64_tensor({0, -1}))})[0].tensor().shape() ==
          Shape{1, 2, 1});
  }
  CHECK_THROWS_WITH_AS(run_kernel("Unsqueeze", 13, {Value(x), Value(int64_tensor({0, 0}))}),
                       "axes[1] = 0 names axis 0 again (axes[0] = 0); each axis may appear once", Error);
  CHECK_THROWS_WITH_AS(run_kernel("Unsqueeze", 13, {Value(x), Value(int64_tensor({kMin}))}),
                       "axes[0] = -9223372036854775808 is out of range for the output rank 2 (valid: -2 to 1)", Error);
  const Tensor s = Tensor::from_strings({2}, {"p", "q"});
  CHECK(run_kernel("Unsqueeze", 13, {Value(s), Value(int64_tensor({1}))})[0].tensor().strings() ==
        std::vector<std::string>{"p", "q"});
  const Tensor i4 = int4_tensor({3});
  CHECK(run_kernel("Unsqueeze", 21, {Value(i4), Value(int64_tensor({0}))})[0].tensor().shares_storage_with(i4));
  const Tensor c = Tensor::zeros(T::Complex128, {});
  CHECK(run_kernel("Unsqueeze", 13, {Value(c), Value(int64_tensor({0, 1}))})[0].tensor().shape() == Shape{1, 1});
}

namespace shape_rules_tests {

// spec: Unsqueeze-1: "Takes one required argument `axes`, a list of dimensions that will be inserted."
// spec: Unsqueeze-11: "Takes one required argument `axes` - which contains a list of dimension indices and this operator will insert a dimension of value `1` into the corresponding index of the output tensor (`expanded`)."
// spec: Unsqueeze-13,21,23,24,25: "Takes one required input `axes` - which contains a list of dimension indices and this operator will insert a dimension of value `1` into the corresponding index of the output tensor (`expanded`)"
// spec: Unsqueeze-11: "The attribute `axes` should not contain any duplicate entries."
// spec: Unsqueeze-21,23,24,25: "The input `axes` should not contain any duplicate entries."
// spec: Unsqueeze-11,21,23,24,25: "It is an error if it contains duplicates."
// spec: Unsqueeze-11,21,23,24,25: "Each value in `axes` should be within the (inclusive) range [-output_rank , output_rank - 1]."
// spec: Unsqueeze-11,13,21,23,24,25: "Accepted range is [-r, r-1] where r = rank(expanded)."
TEST_CASE(
    "Unsqueeze, every version: a 1 inserted at each axis of the output; no duplicates; axes in [-out_rank, out_rank - "
    "1]") {
  for (int64_t v : {1, 11, 13, 21, 23, 24, 25}) {
    INFO("Unsqueeze-", v);
    CHECK(unsqueeze(v, {0, 2}).shape() == Shape{1, 3, 1});
    CHECK_THROWS_AS(unsqueeze(v, {0, 0}), Error);
    CHECK_THROWS_AS(unsqueeze(v, {3}), Error);  // output rank 2: axes up to 1
    if (v >= 11) {
      CHECK(unsqueeze(v, {-1}).shape() == Shape{3, 1});
      CHECK(unsqueeze(v, {-2}).shape() == Shape{1, 3});
      CHECK_THROWS_AS(unsqueeze(v, {-3}), Error);
      CHECK_THROWS_AS(unsqueeze(v, {0, -3}), Error);  // -3 is axis 0 of a rank-3 output: a duplicate
    }
  }
}

}  // namespace shape_rules_tests
