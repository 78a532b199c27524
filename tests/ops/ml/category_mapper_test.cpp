// Unit tests of ops/ml/category_mapper.cpp. Expected values by hand.
#include "helpers/ml_ops.h"
#include "helpers/ml_rules.h"

// spec: CategoryMapper-1: "The input must be a tensor of strings or integers, either [N,C] or [C]."
TEST_CASE("CategoryMapper-1: [N, C] and [C] inputs of strings or integers; a float X is refused") {
  Attributes a = ml_op_defaults("CategoryMapper", 1);
  a.set("cats_strings", std::vector<std::string>{"a", "b"});
  a.set("cats_int64s", std::vector<int64_t>{5, 6});
  CHECK(ml_op_values<int64_t>(run_ml_op("CategoryMapper", 1, {ml_strings({2, 1}, {"b", "a"})}, a)[0].tensor()) ==
        std::vector<int64_t>{6, 5});
  CHECK(run_ml_op("CategoryMapper", 1, {ml_int64s({2}, {6, 5})}, a)[0].tensor().strings() ==
        std::vector<std::string>{"b", "a"});
  CHECK(!ml_op_error("CategoryMapper", 1, {ml_floats({1}, {5})}, a).empty());
}

namespace ml_rules_tests {

// spec: CategoryMapper-1: "This sequence must be the same length as the 'cats_strings' sequence."
// spec: CategoryMapper-1: "This sequence must be the same length as the 'cats_int64s' sequence"
// spec: CategoryMapper-1: "Its shape will be the same as the input shape."
// spec: CategoryMapper-1: "If the string default value is set, it will convert integers to strings."
// spec: CategoryMapper-1: "An integer to use when an input string value is not found in the map."
// spec: CategoryMapper-1: "A string to use when an input integer value is not found in the map."
// spec: CategoryMapper-1: "Two sequences of equal length are used to map between integers and strings, with strings and integers at the same index detailing the mapping."
TEST_CASE("CategoryMapper-1: two sequences of one length; the input's shape; defaults for values not found") {
  Attributes a;
  a.set("cats_strings", std::vector<std::string>{"x", "y"});
  a.set("cats_int64s", std::vector<int64_t>{10, 20});
  a.set("default_int64", int64_t{-7});
  a.set("default_string", std::string("?"));
  const Tensor ints = run_ml_op("CategoryMapper", 1, {ml_strings({1, 3}, {"y", "z", "x"})}, a)[0].tensor();
  CHECK(ints.shape() == Shape{1, 3});
  CHECK(ml_op_values<int64_t>(ints) == std::vector<int64_t>{20, -7, 10});
  CHECK(run_ml_op("CategoryMapper", 1, {ml_int64s({2}, {20, 30})}, a)[0].tensor().strings() ==
        std::vector<std::string>{"y", "?"});
  Attributes unequal = a;
  unequal.set("cats_int64s", std::vector<int64_t>{10});
  CHECK(refused("CategoryMapper", 1, {ml_strings({1}, {"x"})}, unequal));
}

}  // namespace ml_rules_tests
