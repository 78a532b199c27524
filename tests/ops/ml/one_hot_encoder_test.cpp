// Unit tests of ops/ml/one_hot_encoder.cpp. Expected values by hand.
#include "helpers/ml_ops.h"
#include "helpers/ml_rules.h"

// The schema's T also admits string (with cats_strings); a bool X is none of its types.
// spec: OneHotEncoder-1: "The input must be a tensor of a numeric type."
TEST_CASE("OneHotEncoder-1: a bool X is refused") {
  Attributes a = ml_op_defaults("OneHotEncoder", 1);
  a.set("cats_int64s", std::vector<int64_t>{0, 1});
  CHECK(ml_op_values<float>(run_ml_op("OneHotEncoder", 1, {ml_int64s({1}, {1})}, a)[0].tensor()) ==
        std::vector<float>{0, 1});
  CHECK(!ml_op_error("OneHotEncoder", 1, {Tensor::from_values<uint8_t>(T::Bool, {1}, {1})}, a).empty());
}

namespace ml_rules_tests {

// x = 4 among categories [1, 4, 8]: a row [0, 1, 0] in a new last dimension of size 3.
// spec: OneHotEncoder-1: "List of categories, ints.<br>One and only one of the 'cats_*' attributes must be defined."
// spec: OneHotEncoder-1: "List of categories, strings.<br>One and only one of the 'cats_*' attributes must be defined."
// spec: OneHotEncoder-1: "The total category count will determine the size of the extra dimension of the output array Y."
TEST_CASE("OneHotEncoder-1: one cats_* list; the category count is the extra dimension") {
  Attributes a;
  a.set("cats_int64s", std::vector<int64_t>{1, 4, 8});
  const Tensor y = run_ml_op("OneHotEncoder", 1, {ml_int64s({1}, {4})}, a)[0].tensor();
  CHECK(y.shape() == Shape{1, 3});
  CHECK(ml_op_values<float>(y) == std::vector<float>{0, 1, 0});
  Attributes both = a;
  both.set("cats_strings", std::vector<std::string>{"a"});
  CHECK(refused("OneHotEncoder", 1, {ml_int64s({1}, {4})}, both));
  CHECK(refused("OneHotEncoder", 1, {ml_int64s({1}, {4})}, Attributes{}));
}

}  // namespace ml_rules_tests
