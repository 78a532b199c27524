// Unit tests of ops/ml/array_feature_extractor.cpp.
#include "helpers/ml_ops.h"

TEST_CASE("ArrayFeatureExtractor: picks along the last axis, checked indices") {
  const Attributes a = ml_op_defaults("ArrayFeatureExtractor", 1);
  const Tensor z =
      run_ml_op("ArrayFeatureExtractor", 1, {ml_floats({2, 3}, {0, 1, 2, 3, 4, 5}), ml_int64s({2}, {2, 0})}, a)[0]
          .tensor();
  CHECK(z.shape() == Shape{2, 2});
  CHECK(ml_op_values<float>(z) == std::vector<float>{2, 0, 5, 3});
  const Tensor s =
      run_ml_op("ArrayFeatureExtractor", 1, {ml_strings({3}, {"a", "b", "c"}), ml_int64s({1}, {1})}, a)[0].tensor();
  CHECK(s.shape() == Shape{1, 1});
  CHECK(s.strings() == std::vector<std::string>{"b"});
  CHECK(ml_op_error("ArrayFeatureExtractor", 1, {ml_floats({2, 3}, {0, 1, 2, 3, 4, 5}), ml_int64s({1}, {3})}, a) ==
        "index 3 (Y[0]) is outside X's last dimension of 3");
}

// spec: ArrayFeatureExtractor-1: "The input must be a tensor of a numeric type or string."
TEST_CASE("ArrayFeatureExtractor-1: a bool X is refused") {
  const Tensor b = Tensor::from_values<uint8_t>(T::Bool, {1, 2}, {1, 0});
  CHECK(!ml_op_error("ArrayFeatureExtractor", 1, {b, ml_int64s({1}, {0})}, Attributes{}).empty());
}
