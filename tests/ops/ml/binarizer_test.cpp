// Unit tests of ops/ml/binarizer.cpp.
#include "helpers/ml_ops.h"
#include "helpers/ml_rules.h"

TEST_CASE("Binarizer: greater than the threshold is 1, NaN is 0") {
  Attributes a = ml_op_defaults("Binarizer", 1);
  a.set("threshold", 0.5f);
  CHECK(ml_op_values<float>(run_ml_op("Binarizer", 1, {ml_floats({3}, {0.5f, 0.6f, NAN})}, a)[0].tensor()) ==
        std::vector<float>{0, 1, 0});
  CHECK(ml_op_values<int64_t>(run_ml_op("Binarizer", 1, {ml_int64s({2}, {0, 1})}, a)[0].tensor()) ==
        std::vector<int64_t>{0, 1});
}

namespace ml_rules_tests {

// spec: Binarizer-1: "The output will be of the same tensor type."
// spec: ArrayFeatureExtractor-1: "The output will be of the same tensor type."
// spec: Imputer-1: "The output type will be of the same tensor type and shape."
TEST_CASE("Binarizer-1, ArrayFeatureExtractor-1, Imputer-1: the output keeps the input's type") {
  const Tensor d = Tensor::from_values<double>(T::Double, {1, 3}, {-1, 0.5, 2});
  Attributes b;
  b.set("threshold", 0.25f);
  const Tensor y = run_ml_op("Binarizer", 1, {d}, b)[0].tensor();
  REQUIRE(y.type() == T::Double);
  CHECK(ml_op_values<double>(y) == std::vector<double>{0, 1, 1});
  const Tensor picked =
      run_ml_op("ArrayFeatureExtractor", 1, {ml_int64s({1, 3}, {7, 8, 9}), ml_int64s({1}, {2})}, Attributes{})[0]
          .tensor();
  REQUIRE(picked.type() == T::Int64);
  CHECK(ml_op_values<int64_t>(picked) == std::vector<int64_t>{9});
  Attributes im;
  im.set("imputed_value_int64s", std::vector<int64_t>{5});
  im.set("replaced_value_int64", int64_t{0});
  const Tensor filled = run_ml_op("Imputer", 1, {ml_int64s({1, 2}, {0, 3})}, im)[0].tensor();
  REQUIRE(filled.type() == T::Int64);
  CHECK(filled.shape() == Shape{1, 2});
  CHECK(ml_op_values<int64_t>(filled) == std::vector<int64_t>{5, 3});
}

// spec: Binarizer-1: "The input must be a tensor of a numeric type."
// spec: Normalizer-1: "The input must be a tensor of a numeric type."
// spec: Scaler-1: "The input must be a tensor of a numeric type."
// spec: LinearRegressor-1: "The input must be a tensor of a numeric type."
// spec: SVMRegressor-1: "The input type must be a tensor of a numeric type"
// spec: Imputer-1: "The input type must be a tensor of a numeric type"
// spec: FeatureVectorizer-1: "The input type must be a tensor of a numeric type."
TEST_CASE(
    "Binarizer, Normalizer, Scaler, LinearRegressor, SVMRegressor, Imputer, FeatureVectorizer: a string input is "
    "refused") {
  const Tensor s = ml_strings({1, 2}, {"a", "b"});
  CHECK(refused("Binarizer", 1, {s}, Attributes{}));
  CHECK(refused("Normalizer", 1, {s}, Attributes{}));
  CHECK(refused("Scaler", 1, {s}, Attributes{}));
  Attributes lr;
  lr.set("coefficients", std::vector<float>{1, 1});
  CHECK(refused("LinearRegressor", 1, {s}, lr));
  Attributes svm;
  svm.set("coefficients", std::vector<float>{1});
  svm.set("support_vectors", std::vector<float>{1, 1});
  svm.set("n_supports", int64_t{1});
  svm.set("rho", std::vector<float>{0});
  CHECK(refused("SVMRegressor", 1, {s}, svm));
  Attributes im;
  im.set("imputed_value_floats", std::vector<float>{0});
  CHECK(refused("Imputer", 1, {s}, im));
  Attributes fv;
  fv.set("inputdimensions", std::vector<int64_t>{2});
  CHECK(refused("FeatureVectorizer", 1, {s}, fv));
}

}  // namespace ml_rules_tests
