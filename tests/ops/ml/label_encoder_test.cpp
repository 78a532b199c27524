// Unit tests of ops/ml/label_encoder.cpp.
#include "helpers/ml_ops.h"
#include "helpers/ml_rules.h"

// spec: LabelEncoder-4: "A default tensor. {"_Unused"} if values_* has string type, {-1} if values_* has integral type, and {-0.f} if values_* has float type."
TEST_CASE("LabelEncoder: versions 1, 2 and 4, NaN keys, repeated keys, defaults, lengths") {
  Attributes v1 = ml_op_defaults("LabelEncoder", 1);
  v1.set("classes_strings", std::vector<std::string>{"a", "b", "a"});
  CHECK(ml_op_values<int64_t>(run_ml_op("LabelEncoder", 1, {ml_strings({3}, {"b", "z", "a"})}, v1)[0].tensor()) ==
        std::vector<int64_t>{1, -1, 0});
  CHECK(run_ml_op("LabelEncoder", 1, {ml_int64s({2}, {2, 5})}, v1)[0].tensor().strings() ==
        std::vector<std::string>{"a", "_Unused"});

  Attributes v2 = ml_op_defaults("LabelEncoder", 2);
  v2.set("keys_floats", std::vector<float>{NAN, 0.0f, 1.5f});
  v2.set("values_strings", std::vector<std::string>{"nan", "zero", "x"});
  CHECK(run_ml_op("LabelEncoder", 2, {ml_floats({4}, {-NAN, -0.0f, 1.5f, 2})}, v2)[0].tensor().strings() ==
        std::vector<std::string>{"nan", "zero", "x", "_Unused"});
  Attributes rep = ml_op_defaults("LabelEncoder", 2);
  rep.set("keys_int64s", std::vector<int64_t>{1, 1});
  rep.set("values_int64s", std::vector<int64_t>{10, 20});
  CHECK(ml_op_values<int64_t>(run_ml_op("LabelEncoder", 2, {ml_int64s({2}, {1, 2})}, rep)[0].tensor()) ==
        std::vector<int64_t>{20, -1});
  Attributes bad = ml_op_defaults("LabelEncoder", 2);
  bad.set("keys_strings", std::vector<std::string>{"a", "b", "c"});
  bad.set("values_int64s", std::vector<int64_t>{1, 2});
  CHECK(ml_op_error("LabelEncoder", 2, {ml_strings({1}, {"a"})}, bad) ==
        "attribute 'keys_strings' has 3 values, 'values_int64s' 2");

  Attributes v4 = ml_op_defaults("LabelEncoder", 4);
  v4.set("keys_tensor", Tensor::from_values<int32_t>(T::Int32, {2}, {1, 2}));
  v4.set("values_tensor", Tensor::from_values<double>(T::Double, {2}, {0.5, 1.5}));
  const Tensor y = run_ml_op("LabelEncoder", 4, {Tensor::from_values<int32_t>(T::Int32, {2}, {2, 3})}, v4)[0].tensor();
  REQUIRE(y.type() == T::Double);
  CHECK(y.data_as<double>()[0] == 1.5);
  CHECK(y.data_as<double>()[1] == 0.0);
  CHECK(std::signbit(y.data_as<double>()[1]));
  CHECK(ml_op_error("LabelEncoder", 4, {ml_int64s({1}, {2})}, v4) ==
        "X holds int64 but the keys ('keys_tensor') are int32");
}

// spec: LabelEncoder-1: "Each operator converts either integers to strings or strings to integers, depending on which default value attribute is provided."
// spec: LabelEncoder-1: "When converting from integers to strings, the string is fetched from the 'classes_strings' list, by simple indexing."
// spec: LabelEncoder-1: "When converting from strings to integers, the string is looked up in the list and the index at which it is found is used as the converted value."
// spec: LabelEncoder-1: "An integer to use when an input string value is not found in the map."
// spec: LabelEncoder-1: "A string to use when an input integer value is not found in the map."
// spec: LabelEncoder-1: "The input type must be a tensor of integers or strings, of any shape."
TEST_CASE(
    "LabelEncoder-1: strings to their index, integers by indexing, the defaults when not found; a float X is refused") {
  Attributes a = ml_op_defaults("LabelEncoder", 1);
  a.set("classes_strings", std::vector<std::string>{"p", "q", "r"});
  a.set("default_int64", int64_t{-9});
  a.set("default_string", std::string("none"));
  const Tensor ints = run_ml_op("LabelEncoder", 1, {ml_strings({2, 2}, {"r", "p", "s", "q"})}, a)[0].tensor();
  CHECK(ints.shape() == Shape{2, 2});
  CHECK(ml_op_values<int64_t>(ints) == std::vector<int64_t>{2, 0, -9, 1});
  CHECK(run_ml_op("LabelEncoder", 1, {ml_int64s({4}, {1, 3, -1, 0})}, a)[0].tensor().strings() ==
        std::vector<std::string>{"q", "none", "none", "p"});
  CHECK(!ml_op_error("LabelEncoder", 1, {ml_floats({1}, {1})}, a).empty());
}

// spec: LabelEncoder-2: "If an input element can not be found in the specified 'keys_*' attribute, the 'default_*' that matches the specified 'values_*' attribute may be used as its output value."
// spec: LabelEncoder-2: "It can be either tensor or scalar."
TEST_CASE("LabelEncoder-2: a key not found gives the default of the values' type; a scalar X gives a scalar") {
  Attributes a = ml_op_defaults("LabelEncoder", 2);
  a.set("keys_int64s", std::vector<int64_t>{4, 8});
  a.set("values_strings", std::vector<std::string>{"four", "eight"});
  a.set("default_string", std::string("other"));
  a.set("default_int64", int64_t{77});  // of the keys' type: not used
  CHECK(run_ml_op("LabelEncoder", 2, {ml_int64s({3}, {8, 5, 4})}, a)[0].tensor().strings() ==
        std::vector<std::string>{"eight", "other", "four"});
  const Tensor scalar = run_ml_op("LabelEncoder", 2, {ml_int64s({}, {4})}, a)[0].tensor();
  CHECK(scalar.shape() == Shape{});
  CHECK(scalar.strings() == std::vector<std::string>{"four"});
}

// onnx-ref compares float keys numerically (docs/DEPARTURES.md, LabelEncoder-2): the NaN key maps
// every NaN, whatever its bits.
// spec: LabelEncoder-2: "For key look-up, bit-wise comparison is used so even a float NaN can be mapped to a value in 'values_*' attribute."
TEST_CASE("LabelEncoder-2: a NaN key maps a NaN input") {
  Attributes a = ml_op_defaults("LabelEncoder", 2);
  a.set("keys_floats", std::vector<float>{NAN, 2});
  a.set("values_int64s", std::vector<int64_t>{1, 2});
  CHECK(ml_op_values<int64_t>(run_ml_op("LabelEncoder", 2, {ml_floats({3}, {NAN, 2, 3})}, a)[0].tensor()) ==
        std::vector<int64_t>{1, 2, -1});
}

// spec: LabelEncoder-4: "The type of the 'default_*' attribute must match the 'values_*' attribute chosen."
// spec: LabelEncoder-4: "It must have the same element type as the keys_* attribute set."
TEST_CASE("LabelEncoder-4: default_tensor of the values' type; X of the keys' type") {
  Attributes a = ml_op_defaults("LabelEncoder", 4);
  a.set("keys_int64s", std::vector<int64_t>{1, 2});
  a.set("values_tensor", Tensor::from_values<int32_t>(T::Int32, {2}, {10, 20}));
  a.set("default_tensor", Tensor::from_values<int32_t>(T::Int32, {1}, {-3}));
  const Tensor y = run_ml_op("LabelEncoder", 4, {ml_int64s({3}, {2, 9, 1})}, a)[0].tensor();
  REQUIRE(y.type() == T::Int32);
  CHECK(ml_op_values<int32_t>(y) == std::vector<int32_t>{20, -3, 10});
  a.set("default_tensor", Tensor::from_values<int64_t>(T::Int64, {1}, {-3}));
  CHECK(ml_op_error("LabelEncoder", 4, {ml_int64s({1}, {1})}, a) ==
        "attribute 'default_tensor' must hold one int32 value, got 1 of int64");
  a.set("default_tensor", Tensor::from_values<int32_t>(T::Int32, {1}, {-3}));
  CHECK(ml_op_error("LabelEncoder", 4, {Tensor::from_values<int32_t>(T::Int32, {1}, {1})}, a) ==
        "X holds int32 but the keys ('keys_int64s') are int64");
}

namespace ml_rules_tests {

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
    const Tensor y =
        run_ml_op("LabelEncoder", since, {ml_strings({5, 1}, {"Dori", "Amy", "Amy", "Sally", "Sally"})}, a)[0].tensor();
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

}  // namespace ml_rules_tests
