// Unit tests of ops/ml/label_encoder.cpp.
#include "helpers/ml_ops.h"

// spec: LabelEncoder-4: "A default tensor. {"_Unused"} if values_* has string type, {-1} if values_* has integral type, and {-0.f} if values_* has float type."
TEST_CASE("LabelEncoder: versions 1, 2 and 4, NaN keys, repeated keys, defaults, lengths") {
  Attributes v1 = ml_op_defaults("LabelEncoder", 1);
  v1.set("classes_strings", std::vector<std::string>{"a", "b", "a"});
  CHECK(ml_op_values<int64_t>(run_ml_op("LabelEncoder", 1, {ml_strings({3}, {"b", "z", "a"})}, v1)[0].tensor()) ==
        std::vector<int64_t>{1, -1, 0});
  CHECK(run_ml_op("LabelEncoder", 1, {ml_int64s({2}, {2, 5})}, v1)[0].tensor().strings() == std::vector<std::string>{"a", "_Unused"});

  Attributes v2 = ml_op_defaults("LabelEncoder", 2);
  v2.set("keys_floats", std::vector<float>{NAN, 0.0f, 1.5f});
  v2.set("values_strings", std::vector<std::string>{"nan", "zero", "x"});
  CHECK(run_ml_op("LabelEncoder", 2, {ml_floats({4}, {-NAN, -0.0f, 1.5f, 2})}, v2)[0].tensor().strings() ==
        std::vector<std::string>{"nan", "zero", "x", "_Unused"});
  Attributes rep = ml_op_defaults("LabelEncoder", 2);
  rep.set("keys_int64s", std::vector<int64_t>{1, 1});
  rep.set("values_int64s", std::vector<int64_t>{10, 20});
  CHECK(ml_op_values<int64_t>(run_ml_op("LabelEncoder", 2, {ml_int64s({2}, {1, 2})}, rep)[0].tensor()) == std::vector<int64_t>{20, -1});
  Attributes bad = ml_op_defaults("LabelEncoder", 2);
  bad.set("keys_strings", std::vector<std::string>{"a", "b", "c"});
  bad.set("values_int64s", std::vector<int64_t>{1, 2});
  CHECK(ml_op_error("LabelEncoder", 2, {ml_strings({1}, {"a"})}, bad) == "attribute 'keys_strings' has 3 values, 'values_int64s' 2");

  Attributes v4 = ml_op_defaults("LabelEncoder", 4);
  v4.set("keys_tensor", Tensor::from_values<int32_t>(T::Int32, {2}, {1, 2}));
  v4.set("values_tensor", Tensor::from_values<double>(T::Double, {2}, {0.5, 1.5}));
  const Tensor y = run_ml_op("LabelEncoder", 4, {Tensor::from_values<int32_t>(T::Int32, {2}, {2, 3})}, v4)[0].tensor();
  REQUIRE(y.type() == T::Double);
  CHECK(y.data_as<double>()[0] == 1.5);
  CHECK(y.data_as<double>()[1] == 0.0);
  CHECK(std::signbit(y.data_as<double>()[1]));
  CHECK(ml_op_error("LabelEncoder", 4, {ml_int64s({1}, {2})}, v4) == "X holds int64 but the keys ('keys_tensor') are int32");
}
