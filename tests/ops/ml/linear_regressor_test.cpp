// Unit tests of ops/ml/linear_regressor.cpp.
#include "helpers/ml_ops.h"

TEST_CASE("LinearRegressor and LinearClassifier: exact dot products, binary scores") {
  Attributes r = ml_op_defaults("LinearRegressor", 1);
  r.set("targets", int64_t{2});
  r.set("coefficients", std::vector<float>{1, 1, 1, 2, 0, 0});
  r.set("intercepts", std::vector<float>{0.5f, -1});
  // 1e8 + 1 - 1e8 is 1 exactly (in float, left to right, it would be 0); 2e8 - 1 rounds to 2e8.
  // spec: LinearRegressor-1: "If targets is set to M then M sets of coefficients must be passed in as a sequence and M results will be output for each input n in N."
  CHECK(ml_op_values<float>(run_ml_op("LinearRegressor", 1, {ml_floats({1, 3}, {1e8f, 1, -1e8f})}, r)[0].tensor()) ==
        std::vector<float>{1.5f, 2e8f});
  r.set("coefficients", std::vector<float>{1, 1});
  CHECK(ml_op_error("LinearRegressor", 1, {ml_floats({1, 3}, {1, 2, 3})}, r) ==
        "attribute 'coefficients' has 2 values, not 2 targets times 3 features");

  Attributes c = ml_op_defaults("LinearClassifier", 1);
  c.set("coefficients", std::vector<float>{1, -1});
  c.set("intercepts", std::vector<float>{0});
  c.set("classlabels_ints", std::vector<int64_t>{0, 1});
  auto out = run_ml_op("LinearClassifier", 1, {ml_floats({2, 2}, {3, 1, 1, 3})}, c, 2);
  CHECK(ml_op_values<int64_t>(out[0].tensor()) == std::vector<int64_t>{1, 0});
  CHECK(ml_op_values<float>(out[1].tensor()) == std::vector<float>{-2, 2, 2, -2});
  c.set("post_transform", std::string("LOGISTIC"));
  out = run_ml_op("LinearClassifier", 1, {ml_floats({2, 2}, {3, 1, 1, 3})}, c, 2);
  CHECK(ml_op_values<float>(out[1].tensor()) ==
        std::vector<float>{0x1.e84152p-4f, 0x1.c2f7d6p-1f, 0x1.c2f7d6p-1f, 0x1.e84152p-4f});

  Attributes m = ml_op_defaults("LinearClassifier", 1);
  m.set("coefficients", std::vector<float>{1, 0, 0, 1, 1, 1});
  m.set("intercepts", std::vector<float>{0, 0, -10});
  m.set("classlabels_strings", std::vector<std::string>{"a", "b", "c"});
  out = run_ml_op("LinearClassifier", 1, {ml_floats({2, 2}, {3, 1, 1, 30})}, m, 2);
  CHECK(out[0].tensor().strings() == std::vector<std::string>{"a", "b"});
  CHECK(ml_op_values<float>(out[1].tensor()) == std::vector<float>{3, 1, -6, 1, 30, 21});
}
