// Unit tests of ops/ml/svm_regressor.cpp.
#include "helpers/ml_ops.h"
#include "helpers/ml_rules.h"

TEST_CASE("SVMRegressor: LINEAR, POLY, RBF, SIGMOID kernels, linear mode, one_class") {
  Attributes a = ml_op_defaults("SVMRegressor", 1);
  a.set("n_supports", int64_t{2});
  a.set("support_vectors", std::vector<float>{1, 2, 0, 1});
  a.set("coefficients", std::vector<float>{0.5f, -1});
  a.set("rho", std::vector<float>{0.25f});
  // 0.5 (2 + 6) - 3 + 0.25
  CHECK(ml_op_values<float>(run_ml_op("SVMRegressor", 1, {ml_floats({1, 2}, {2, 3})}, a)[0].tensor()) ==
        std::vector<float>{1.25f});
  Attributes p = ml_op_defaults("SVMRegressor", 1);
  p.set("kernel_type", std::string("POLY"));
  p.set("kernel_params", std::vector<float>{1, 1, 2});
  p.set("n_supports", int64_t{1});
  p.set("support_vectors", std::vector<float>{3, 4});
  p.set("coefficients", std::vector<float>{2});
  p.set("rho", std::vector<float>{-1});
  // 2 (1 * 11 + 1)^2 - 1
  CHECK(ml_op_values<float>(run_ml_op("SVMRegressor", 1, {ml_floats({1, 2}, {1, 2})}, p)[0].tensor()) ==
        std::vector<float>{287});
  p.set("one_class", int64_t{1});
  CHECK(ml_op_values<float>(run_ml_op("SVMRegressor", 1, {ml_floats({1, 2}, {1, 2})}, p)[0].tensor()) ==
        std::vector<float>{1});
  // SIGMOID: 2 tanh(1 * 2 + 1), tanh rounded to double, the score to float.
  p.set("one_class", int64_t{0});
  p.set("kernel_type", std::string("SIGMOID"));
  p.set("support_vectors", std::vector<float>{1, 0.5f});
  p.set("rho", std::vector<float>{0});
  CHECK(ml_op_values<float>(run_ml_op("SVMRegressor", 1, {ml_floats({1, 2}, {1, 2})}, p)[0].tensor()) ==
        std::vector<float>{0x1.fd77d2p+0f});
  // RBF with gamma 1/2: exp(0) + exp(-2), exp rounded to double, the sum to float.
  Attributes r = ml_op_defaults("SVMRegressor", 1);
  r.set("kernel_type", std::string("RBF"));
  r.set("kernel_params", std::vector<float>{0.5f, 0, 0});
  r.set("n_supports", int64_t{2});
  r.set("support_vectors", std::vector<float>{1, 1, 1, 3});
  r.set("coefficients", std::vector<float>{1, 1});
  r.set("rho", std::vector<float>{0});
  CHECK(ml_op_values<float>(run_ml_op("SVMRegressor", 1, {ml_floats({1, 2}, {1, 1})}, r)[0].tensor()) ==
        std::vector<float>{0x1.22a556p+0f});
  // Linear mode: x . coefficients + rho, exact: 1e8 + 1 - 1e8 + 0.5.
  Attributes l = ml_op_defaults("SVMRegressor", 1);
  l.set("coefficients", std::vector<float>{1, 1, 1});
  l.set("rho", std::vector<float>{0.5f});
  CHECK(ml_op_values<float>(run_ml_op("SVMRegressor", 1, {ml_floats({1, 3}, {1e8f, 1, -1e8f})}, l)[0].tensor()) ==
        std::vector<float>{1.5f});
  l.set("kernel_type", std::string("CUBIC"));
  CHECK(ml_op_error("SVMRegressor", 1, {ml_floats({1, 3}, {1, 1, 1})}, l) ==
        "attribute 'kernel_type' = 'CUBIC' is none of LINEAR, POLY, RBF, SIGMOID");
}

namespace ml_rules_tests {

// spec: SVMClassifier-1: "The kernel type, one of 'LINEAR,' 'POLY,' 'RBF,' 'SIGMOID'."
// spec: SVMRegressor-1: "The kernel type, one of 'LINEAR,' 'POLY,' 'RBF,' 'SIGMOID'."
// spec: SVMRegressor-1: "One of 'NONE,' 'SOFTMAX,' 'LOGISTIC,' 'SOFTMAX_ZERO,' or 'PROBIT.'"
// spec: Normalizer-1: "One of 'MAX,' 'L1,' 'L2'"
TEST_CASE("SVMRegressor-1, SVMClassifier-1, Normalizer-1: names outside the enumerations are refused") {
  const Tensor x = ml_floats({1, 2}, {1, 2});
  Attributes r;
  r.set("coefficients", std::vector<float>{1});
  r.set("support_vectors", std::vector<float>{1, 1});
  r.set("n_supports", int64_t{1});
  r.set("rho", std::vector<float>{0});
  // LINEAR: 1 * <[1, 2], [1, 1]> + 0 = 3.
  r.set("kernel_type", std::string("LINEAR"));
  CHECK(ml_op_values<float>(run_ml_op("SVMRegressor", 1, {x}, r)[0].tensor()) == std::vector<float>{3});
  Attributes bad_kernel = r;
  bad_kernel.set("kernel_type", std::string("CUBIC"));
  CHECK(refused("SVMRegressor", 1, {x}, bad_kernel));
  Attributes bad_transform = r;
  bad_transform.set("post_transform", std::string("SQUARE"));
  CHECK(refused("SVMRegressor", 1, {x}, bad_transform));
  Attributes c;
  c.set("classlabels_ints", std::vector<int64_t>{0, 1});
  c.set("coefficients", std::vector<float>{1, -1});
  c.set("support_vectors", std::vector<float>{1, 1, 0, 0});
  c.set("vectors_per_class", std::vector<int64_t>{1, 1});
  c.set("rho", std::vector<float>{0});
  c.set("kernel_type", std::string("CUBIC"));
  CHECK(refused("SVMClassifier", 1, {x}, c, 2));
  Attributes n;
  n.set("norm", std::string("L3"));
  CHECK(refused("Normalizer", 1, {x}, n));
}

}  // namespace ml_rules_tests
