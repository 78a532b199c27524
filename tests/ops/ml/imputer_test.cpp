// Unit tests of ops/ml/imputer.cpp.
#include "helpers/ml_ops.h"

// spec: FeatureVectorizer-1: "Inputs are copied to the output maintaining the order of the input arguments."
// spec: FeatureVectorizer-1: "All inputs must be integers or floats, while the output will be all floating point values."
// spec: CategoryMapper-1: "If the int default value is set, it will convert strings to integers."
TEST_CASE("Imputer, FeatureVectorizer, OneHotEncoder, CategoryMapper") {
  Attributes im = ml_op_defaults("Imputer", 1);
  im.set("replaced_value_float", NAN);
  im.set("imputed_value_floats", std::vector<float>{7, 8});
  CHECK(ml_op_values<float>(run_ml_op("Imputer", 1, {ml_floats({2, 2}, {1, NAN, NAN, 4})}, im)[0].tensor()) ==
        std::vector<float>{1, 8, 7, 4});
  Attributes ii = ml_op_defaults("Imputer", 1);
  ii.set("imputed_value_int64s", std::vector<int64_t>{9});
  CHECK(ml_op_values<int64_t>(run_ml_op("Imputer", 1, {ml_int64s({2}, {0, 5})}, ii)[0].tensor()) ==
        std::vector<int64_t>{9, 5});

  Attributes fv = ml_op_defaults("FeatureVectorizer", 1);
  fv.set("inputdimensions", std::vector<int64_t>{2, 1});
  const Tensor y =
      run_ml_op("FeatureVectorizer", 1, {ml_int64s({2, 2}, {1, 2, 3, 16777217}), ml_int64s({2, 1}, {5, 6})}, fv)[0]
          .tensor();
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
  CHECK(run_ml_op("CategoryMapper", 1, {ml_int64s({2}, {5, 7})}, cm)[0].tensor().strings() ==
        std::vector<std::string>{"a", "_Unused"});
}

// replaced_value_float defaults to 0.
// spec: Imputer-1: "One and only one of imputed_value_floats or imputed_value_int64s should be defined"
TEST_CASE("Imputer-1: both imputed value lists, or neither, are refused") {
  const Tensor x = ml_floats({3}, {1, 0, 2});
  Attributes floats = ml_op_defaults("Imputer", 1);
  floats.set("imputed_value_floats", std::vector<float>{7});
  CHECK(ml_op_values<float>(run_ml_op("Imputer", 1, {x}, floats)[0].tensor()) == std::vector<float>{1, 7, 2});
  Attributes both = floats;
  both.set("imputed_value_int64s", std::vector<int64_t>{7});
  CHECK(ml_op_error("Imputer", 1, {x}, both).find("both of imputed_value_floats and imputed_value_int64s") !=
        std::string::npos);
  CHECK(ml_op_error("Imputer", 1, {x}, ml_op_defaults("Imputer", 1))
            .find("neither of imputed_value_floats and imputed_value_int64s") != std::string::npos);
}

// spec: Imputer-1: "The imputed values must all fit within the width of the tensor element type."
// spec: Imputer-1: "The imputed_value attribute length can be 1 element, or it can have one element per input feature."
// spec: Imputer-1: "One and only one of the replaced_value_float or replaced_value_int64 should be defined, which one depends on whether floats or integers are being processed."
TEST_CASE("Imputer-1: one imputed value or one per feature; the replaced value of X's kind; int32 values that fit") {
  Attributes a = ml_op_defaults("Imputer", 1);
  a.set("imputed_value_floats", std::vector<float>{7, 8, 9});
  a.set("replaced_value_int64", int64_t{5});  // an integer rule: a float X uses replaced_value_float (0)
  CHECK(ml_op_values<float>(run_ml_op("Imputer", 1, {ml_floats({2, 3}, {0, 5, 0, 5, 0, 1})}, a)[0].tensor()) ==
        std::vector<float>{7, 5, 9, 5, 8, 1});
  a.set("imputed_value_floats", std::vector<float>{4});
  CHECK(ml_op_values<float>(run_ml_op("Imputer", 1, {ml_floats({2, 3}, {0, 5, 0, 5, 0, 1})}, a)[0].tensor()) ==
        std::vector<float>{4, 5, 4, 5, 4, 1});
  a.set("imputed_value_floats", std::vector<float>{4, 4});
  CHECK(ml_op_error("Imputer", 1, {ml_floats({2, 3}, {0, 5, 0, 5, 0, 1})}, a) ==
        "attribute 'imputed_value_floats' has 2 values, not 1 or the 3 features of X's last dimension");
  Attributes i = ml_op_defaults("Imputer", 1);
  i.set("imputed_value_int64s", std::vector<int64_t>{int64_t{1} << 31});
  i.set("replaced_value_int64", int64_t{-1});
  const Tensor x32 = Tensor::from_values<int32_t>(T::Int32, {2}, {-1, 3});
  CHECK(ml_op_error("Imputer", 1, {x32}, i) == "imputed value 2147483648 does not fit int32");
  i.set("imputed_value_int64s", std::vector<int64_t>{(int64_t{1} << 31) - 1});
  CHECK(ml_op_values<int32_t>(run_ml_op("Imputer", 1, {x32}, i)[0].tensor()) == std::vector<int32_t>{2147483647, 3});
}
