// The ai.onnx.ml operators: the "one and only one" attribute rules, lengths that must agree, named
// enumerations and shapes of the ONNX 1.22.0 text, each check citing its sentence. Expected values
// by hand.
#include "helpers/ml_ops.h"

#include <doctest/doctest.h>

namespace ml_rules_tests {

bool refused(const std::string& op, int since, const std::vector<Tensor>& xs, const Attributes& attrs, size_t outputs = 1) {
  const std::string message = ml_op_error(op, since, xs, attrs, outputs);
  INFO(op, "-", since, ": ", message);
  return !message.empty() && message.find('\n') == std::string::npos;
}

// spec: LabelEncoder-2,4: "The input ["Dori", "Amy", "Amy", "Sally", "Sally"] would be mapped to [-1, 5, 5, 6, 6].<br> Since this operator is an one-to-one mapping, its input and output shapes are the same."
// spec: LabelEncoder-2,4: "It implies that input's element type and the element type of the specified 'keys_*' should be identical while the output type is identical to the specified 'values_*' attribute."
// spec: LabelEncoder-2,4: "One and only one of 'keys_*'s should be set."
// spec: LabelEncoder-2: "One and only one of 'value_*'s should be set."
// spec: LabelEncoder-4: "One and only one of 'values_*'s should be set."
// spec: LabelEncoder-4: "Note that the 'keys_*' and 'values_*' attributes must have the same length."
TEST_CASE("LabelEncoder-2 and -4: the text's example; one keys_* and one values_* of one length") {
  for (int since : {2, 4}) {
    INFO("LabelEncoder-", since);
    Attributes a;
    a.set("keys_strings", std::vector<std::string>{"Amy", "Sally", "Sulley"});
    a.set("values_int64s", std::vector<int64_t>{5, 6, 7});
    a.set("default_int64", int64_t{-1});
    const Tensor y = run_ml_op("LabelEncoder", since, {ml_strings({5, 1}, {"Dori", "Amy", "Amy", "Sally", "Sally"})}, a)[0].tensor();
    REQUIRE(y.type() == T::Int64);
    CHECK(y.shape() == Shape{5, 1});
    CHECK(ml_op_values<int64_t>(y) == std::vector<int64_t>{-1, 5, 5, 6, 6});
    CHECK(refused("LabelEncoder", since, {ml_int64s({1}, {1})}, a));  // keys are strings
    Attributes two_keys = a;
    two_keys.set("keys_int64s", std::vector<int64_t>{1, 2, 3});
    CHECK(refused("LabelEncoder", since, {ml_strings({1}, {"Amy"})}, two_keys));
    Attributes two_values = a;
    two_values.set("values_strings", std::vector<std::string>{"a", "b", "c"});
    CHECK(refused("LabelEncoder", since, {ml_strings({1}, {"Amy"})}, two_values));
    Attributes no_values;
    no_values.set("keys_strings", std::vector<std::string>{"Amy"});
    CHECK(refused("LabelEncoder", since, {ml_strings({1}, {"Amy"})}, no_values));
    Attributes lengths = a;
    lengths.set("values_int64s", std::vector<int64_t>{5, 6});
    CHECK(refused("LabelEncoder", since, {ml_strings({1}, {"Amy"})}, lengths));
  }
}

// spec: LabelEncoder-4: "Float keys with value 'NaN' match any input 'NaN' value regardless of bit value."
// spec: LabelEncoder-4: "If an input element can not be found in the specified 'keys_*' attribute, the 'default_*' that matches the specified 'values_*' attribute may be used as its output value."
TEST_CASE("LabelEncoder-4: a NaN key matches every NaN; a missing key gives the default") {
  Attributes a;
  a.set("keys_floats", std::vector<float>{NAN, 1.0f});
  a.set("values_int64s", std::vector<int64_t>{7, 8});
  a.set("default_int64", int64_t{-5});
  const float other_nan = -std::numeric_limits<float>::quiet_NaN();
  CHECK(ml_op_values<int64_t>(run_ml_op("LabelEncoder", 4, {ml_floats({3}, {other_nan, 1.0f, 2.0f})}, a)[0].tensor()) ==
        std::vector<int64_t>{7, 8, -5});
}

// spec: LabelEncoder-1: "The output type will be a tensor of strings or integers, and will have the same shape as the input."
// spec: LabelEncoder-1: "If the string default value is set, it will convert integers to strings."
TEST_CASE("LabelEncoder-1: integers to strings by index, the input's shape") {
  Attributes a;
  a.set("classes_strings", std::vector<std::string>{"a", "b"});
  a.set("default_string", std::string("none"));
  const Tensor y = run_ml_op("LabelEncoder", 1, {ml_int64s({2, 1}, {1, 9})}, a)[0].tensor();
  CHECK(y.shape() == Shape{2, 1});
  CHECK(y.strings() == std::vector<std::string>{"b", "none"});
}

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
  CHECK(run_ml_op("CategoryMapper", 1, {ml_int64s({2}, {20, 30})}, a)[0].tensor().strings() == std::vector<std::string>{"y", "?"});
  Attributes unequal = a;
  unequal.set("cats_int64s", std::vector<int64_t>{10});
  CHECK(refused("CategoryMapper", 1, {ml_strings({1}, {"x"})}, unequal));
}

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

// spec: ZipMap-1: "The keys when using int keys.<br>One and only one of the 'classlabels_*' attributes must be defined."
// spec: ZipMap-1: "The keys when using string keys.<br>One and only one of the 'classlabels_*' attributes must be defined."
// spec: ZipMap-1: "Must provide keys in either classlabels_strings or classlabels_int64s (but not both)."
// spec: ZipMap-1: "There must be as many columns as keys."
TEST_CASE("ZipMap-1: one classlabels_* list, as many as the columns") {
  const Tensor x = ml_floats({1, 2}, {0.25f, 0.75f});
  Attributes ints;
  ints.set("classlabels_int64s", std::vector<int64_t>{3, 5});
  CHECK(ml_op_error("ZipMap", 1, {x}, ints).empty());
  Attributes both = ints;
  both.set("classlabels_strings", std::vector<std::string>{"a", "b"});
  CHECK(refused("ZipMap", 1, {x}, both));
  CHECK(refused("ZipMap", 1, {x}, Attributes{}));
  Attributes three;
  three.set("classlabels_int64s", std::vector<int64_t>{1, 2, 3});
  CHECK(refused("ZipMap", 1, {x}, three));
}

// spec: LinearClassifier-1: "One and only one 'classlabels' attribute must be defined."
// spec: LinearClassifier-1: "One of 'NONE,' 'SOFTMAX,' 'LOGISTIC,' 'SOFTMAX_ZERO,' or 'PROBIT'"
// spec: LinearRegressor-1: "Intercepts are optional but if provided must match the number of targets."
// spec: LinearRegressor-1: "One of 'NONE,' 'SOFTMAX,' 'LOGISTIC,' 'SOFTMAX_ZERO,' or 'PROBIT'"
TEST_CASE("LinearClassifier-1, LinearRegressor-1: one classlabels list; intercepts per target; named transforms") {
  const Tensor x = ml_floats({1, 2}, {1, 2});
  Attributes c;
  c.set("coefficients", std::vector<float>{1, 0, 0, 1});
  c.set("classlabels_ints", std::vector<int64_t>{0, 1});
  CHECK(ml_op_error("LinearClassifier", 1, {x}, c, 2).empty());
  Attributes both = c;
  both.set("classlabels_strings", std::vector<std::string>{"a", "b"});
  CHECK(refused("LinearClassifier", 1, {x}, both, 2));
  Attributes bad_transform = c;
  bad_transform.set("post_transform", std::string("SQUARE"));
  CHECK(refused("LinearClassifier", 1, {x}, bad_transform, 2));
  // Regressor: 2 targets, y = [1 * 1 + 2 * 0 + 10, 1 * 0 + 2 * 1 + 20] = [11, 22].
  Attributes r;
  r.set("coefficients", std::vector<float>{1, 0, 0, 1});
  r.set("targets", int64_t{2});
  r.set("intercepts", std::vector<float>{10, 20});
  CHECK(ml_op_values<float>(run_ml_op("LinearRegressor", 1, {x}, r)[0].tensor()) == std::vector<float>{11, 22});
  Attributes short_intercepts = r;
  short_intercepts.set("intercepts", std::vector<float>{10});
  CHECK(refused("LinearRegressor", 1, {x}, short_intercepts));
  Attributes bad = r;
  bad.set("post_transform", std::string("SQUARE"));
  CHECK(refused("LinearRegressor", 1, {x}, bad));
}

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

// spec: Scaler-1: "Can be length of features in an [N,F] tensor or length 1, in which case it applies to all features, regardless of dimension count."
TEST_CASE("Scaler-1: scale of length 1 applies to every feature; of length F one per feature; other lengths are refused") {
  const Tensor x = ml_floats({1, 2}, {1, 2});
  Attributes one;
  one.set("scale", std::vector<float>{3});
  one.set("offset", std::vector<float>{0});
  CHECK(ml_op_values<float>(run_ml_op("Scaler", 1, {x}, one)[0].tensor()) == std::vector<float>{3, 6});
  Attributes each;
  each.set("scale", std::vector<float>{3, 5});
  each.set("offset", std::vector<float>{1, 1});
  CHECK(ml_op_values<float>(run_ml_op("Scaler", 1, {x}, each)[0].tensor()) == std::vector<float>{0, 5});
  Attributes three;
  three.set("scale", std::vector<float>{1, 2, 3});
  CHECK(refused("Scaler", 1, {x}, three));
}

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
  const Tensor picked = run_ml_op("ArrayFeatureExtractor", 1, {ml_int64s({1, 3}, {7, 8, 9}), ml_int64s({1}, {2})}, Attributes{})[0].tensor();
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

// spec: FeatureVectorizer-1: "1-D tensors are treated as [1,C]."
TEST_CASE("FeatureVectorizer-1: a 1-D input is one row") {
  Attributes a;
  a.set("inputdimensions", std::vector<int64_t>{2, 1});
  const Tensor y = run_ml_op("FeatureVectorizer", 1, {ml_floats({2}, {1, 2}), ml_floats({1, 1}, {3})}, a)[0].tensor();
  CHECK(y.shape() == Shape{1, 3});
  CHECK(ml_op_values<float>(y) == std::vector<float>{1, 2, 3});
}

// spec: Binarizer-1: "The input must be a tensor of a numeric type."
// spec: Normalizer-1: "The input must be a tensor of a numeric type."
// spec: Scaler-1: "The input must be a tensor of a numeric type."
// spec: LinearRegressor-1: "The input must be a tensor of a numeric type."
// spec: SVMRegressor-1: "The input type must be a tensor of a numeric type"
// spec: Imputer-1: "The input type must be a tensor of a numeric type"
// spec: FeatureVectorizer-1: "The input type must be a tensor of a numeric type."
TEST_CASE("Binarizer, Normalizer, Scaler, LinearRegressor, SVMRegressor, Imputer, FeatureVectorizer: a string input is refused") {
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
