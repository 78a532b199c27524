// Unit tests of ops/ml/feature_vectorizer.cpp. Expected values by hand.
#include "helpers/ml_ops.h"
#include "helpers/ml_rules.h"

// spec: FeatureVectorizer-1: "An ordered collection of tensors, all with the same element type."
TEST_CASE("FeatureVectorizer-1: inputs of one element type; an int64 beside a float is refused") {
  Attributes a = ml_op_defaults("FeatureVectorizer", 1);
  a.set("inputdimensions", std::vector<int64_t>{1, 1});
  CHECK(ml_op_values<float>(
            run_ml_op("FeatureVectorizer", 1, {ml_floats({1, 1}, {2}), ml_floats({1, 1}, {3})}, a)[0].tensor()) ==
        std::vector<float>{2, 3});
  CHECK(!ml_op_error("FeatureVectorizer", 1, {ml_floats({1, 1}, {2}), ml_int64s({1, 1}, {3})}, a).empty());
}

namespace ml_rules_tests {

// spec: FeatureVectorizer-1: "1-D tensors are treated as [1,C]."
TEST_CASE("FeatureVectorizer-1: a 1-D input is one row") {
  Attributes a;
  a.set("inputdimensions", std::vector<int64_t>{2, 1});
  const Tensor y = run_ml_op("FeatureVectorizer", 1, {ml_floats({2}, {1, 2}), ml_floats({1, 1}, {3})}, a)[0].tensor();
  CHECK(y.shape() == Shape{1, 3});
  CHECK(ml_op_values<float>(y) == std::vector<float>{1, 2, 3});
}

}  // namespace ml_rules_tests
