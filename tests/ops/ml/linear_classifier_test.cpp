// Unit tests of ops/ml/linear_classifier.cpp. Expected values by hand.
#include "helpers/ml_ops.h"

// spec: LinearClassifier-1: "The input must be a tensor of a numeric type, and of shape [N,C] or [C]."
TEST_CASE("LinearClassifier-1: X of [N, C] or [C], numeric") {
  Attributes a = ml_op_defaults("LinearClassifier", 1);
  a.set("coefficients", std::vector<float>{1, 0, 0, 1});
  a.set("classlabels_ints", std::vector<int64_t>{3, 4});
  // [C] = [1, 2] is one row: scores [1, 2], label 4.
  const auto one = run_ml_op("LinearClassifier", 1, {ml_floats({2}, {1, 2})}, a, 2);
  CHECK(ml_op_values<int64_t>(one[0].tensor()) == std::vector<int64_t>{4});
  CHECK(ml_op_values<float>(one[1].tensor()) == std::vector<float>{1, 2});
  const auto rows = run_ml_op("LinearClassifier", 1, {ml_int64s({2, 2}, {5, 1, 0, 7})}, a, 2);
  CHECK(ml_op_values<int64_t>(rows[0].tensor()) == std::vector<int64_t>{3, 4});
  CHECK(ml_op_error("LinearClassifier", 1, {ml_floats({1, 1, 2}, {1, 2})}, a, 2) == "X must be [N, F] or [F], got rank 3");
  CHECK(!ml_op_error("LinearClassifier", 1, {ml_strings({2}, {"1", "2"})}, a, 2).empty());
}
