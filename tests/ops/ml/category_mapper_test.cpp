// Unit tests of ops/ml/category_mapper.cpp. Expected values by hand.
#include "helpers/ml_ops.h"

// spec: CategoryMapper-1: "The input must be a tensor of strings or integers, either [N,C] or [C]."
TEST_CASE("CategoryMapper-1: [N, C] and [C] inputs of strings or integers; a float X is refused") {
  Attributes a = ml_op_defaults("CategoryMapper", 1);
  a.set("cats_strings", std::vector<std::string>{"a", "b"});
  a.set("cats_int64s", std::vector<int64_t>{5, 6});
  CHECK(ml_op_values<int64_t>(run_ml_op("CategoryMapper", 1, {ml_strings({2, 1}, {"b", "a"})}, a)[0].tensor()) == std::vector<int64_t>{6, 5});
  CHECK(run_ml_op("CategoryMapper", 1, {ml_int64s({2}, {6, 5})}, a)[0].tensor().strings() == std::vector<std::string>{"b", "a"});
  CHECK(!ml_op_error("CategoryMapper", 1, {ml_floats({1}, {5})}, a).empty());
}
