// Unit tests of ops/ml/linear_classifier.cpp. Expected values by hand.
#include "helpers/ml_ops.h"
#include "helpers/ml_rules.h"

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
  CHECK(ml_op_error("LinearClassifier", 1, {ml_floats({1, 1, 2}, {1, 2})}, a, 2) ==
        "X must be [N, F] or [F], got rank 3");
  CHECK(!ml_op_error("LinearClassifier", 1, {ml_strings({2}, {"1", "2"})}, a, 2).empty());
}

namespace ml_rules_tests {

// spec: LinearClassifier-1: "One and only one 'classlabels' attribute must be defined."
// spec: LinearClassifier-1: "One of 'NONE,' 'SOFTMAX,' 'LOGISTIC,' 'SOFTMAX_ZERO,' or 'PROBIT'"
// spec: LinearRegressor-1: "Intercepts are optional but if provided must match the number of targets."
// spec: LinearRegressor-1: "One of 'NONE,' 'SOFTMAX,' 'LOGISTIC,' 'SOFTMAX_ZERO,' or 'PROBIT'"
TEST_CASE("LinearClassifier-1, LinearRegressor-1: one classlabels list; intercepts per target; named transforms") {
  const Tensor x = ml_floats({1, 2}, {1, 2});
  Attributes c;
  c.set("coefficients", std::vector<float>{1, 0, 0, 1});
  c.set("classlabels_ints", std::vector<int64_t>{0, 1});
  CHECK(ml_op_error("LinearClassifier", 1, {x}, c, 2).empty());
  Attributes both = c;
  both.set("classlabels_strings", std::vector<std::string>{"a", "b"});
  CHECK(refused("LinearClassifier", 1, {x}, both, 2));
  Attributes bad_transform = c;
  bad_transform.set("post_transform", std::string("SQUARE"));
  CHECK(refused("LinearClassifier", 1, {x}, bad_transform, 2));
  // Regressor: 2 targets, y = [1 * 1 + 2 * 0 + 10, 1 * 0 + 2 * 1 + 20] = [11, 22].
  Attributes r;
  r.set("coefficients", std::vector<float>{1, 0, 0, 1});
  r.set("targets", int64_t{2});
  r.set("intercepts", std::vector<float>{10, 20});
  CHECK(ml_op_values<float>(run_ml_op("LinearRegressor", 1, {x}, r)[0].tensor()) == std::vector<float>{11, 22});
  Attributes short_intercepts = r;
  short_intercepts.set("intercepts", std::vector<float>{10});
  CHECK(refused("LinearRegressor", 1, {x}, short_intercepts));
  Attributes bad = r;
  bad.set("post_transform", std::string("SQUARE"));
  CHECK(refused("LinearRegressor", 1, {x}, bad));
}

}  // namespace ml_rules_tests
