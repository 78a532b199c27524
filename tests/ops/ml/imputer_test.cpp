// Unit tests of ops/ml/imputer.cpp.
#include "helpers/ml_ops.h"

TEST_CASE("Imputer, FeatureVectorizer, OneHotEncoder, CategoryMapper") {
  Attributes im = ml_op_defaults("Imputer", 1);
  im.set("replaced_value_float", NAN);
  im.set("imputed_value_floats", std::vector<float>{7, 8});
  CHECK(ml_op_values<float>(run_ml_op("Imputer", 1, {ml_floats({2, 2}, {1, NAN, NAN, 4})}, im)[0].tensor()) ==
        std::vector<float>{1, 8, 7, 4});
  Attributes ii = ml_op_defaults("Imputer", 1);
  ii.set("imputed_value_int64s", std::vector<int64_t>{9});
  CHECK(ml_op_values<int64_t>(run_ml_op("Imputer", 1, {ml_int64s({2}, {0, 5})}, ii)[0].tensor()) == std::vector<int64_t>{9, 5});

  Attributes fv = ml_op_defaults("FeatureVectorizer", 1);
  fv.set("inputdimensions", std::vector<int64_t>{2, 1});
  const Tensor y = run_ml_op("FeatureVectorizer", 1, {ml_int64s({2, 2}, {1, 2, 3, 16777217}), ml_int64s({2, 1}, {5, 6})}, fv)[0].tensor();
  CHECK(y.shape() == Shape{2, 3});
  CHECK(ml_op_values<float>(y) == std::vector<float>{1, 2, 5, 3, 16777216, 6});
  CHECK(ml_op_error("FeatureVectorizer", 1, {ml_int64s({2, 2}, {1, 2, 3, 4}), ml_int64s({1, 1}, {5})}, fv) ==
        "input 1 has 1 rows, input 0 2");

  Attributes oh = ml_op_defaults("OneHotEncoder", 1);
  oh.set("cats_int64s", std::vector<int64_t>{3, 1, 4});
  const Tensor h = run_ml_op("OneHotEncoder", 1, {ml_floats({2, 2}, {1.7f, 4, 9, 3})}, oh)[0].tensor();
  CHECK(h.shape() == Shape{2, 2, 3});
  CHECK(ml_op_values<float>(h) == std::vector<float>{0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0});
  oh.set("zeros", int64_t{0});
  CHECK(ml_op_error("OneHotEncoder", 1, {ml_floats({2, 2}, {1.7f, 4, 9, 3})}, oh) ==
        "element 2 of X is none of the categories and 'zeros' is 0");

  Attributes cm = ml_op_defaults("CategoryMapper", 1);
  cm.set("cats_strings", std::vector<std::string>{"a", "b"});
  cm.set("cats_int64s", std::vector<int64_t>{5, 6});
  CHECK(ml_op_values<int64_t>(run_ml_op("CategoryMapper", 1, {ml_strings({2}, {"b", "q"})}, cm)[0].tensor()) ==
        std::vector<int64_t>{6, -1});
  CHECK(run_ml_op("CategoryMapper", 1, {ml_int64s({2}, {5, 7})}, cm)[0].tensor().strings() == std::vector<std::string>{"a", "_Unused"});
}
