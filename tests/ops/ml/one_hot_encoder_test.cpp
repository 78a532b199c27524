// Unit tests of ops/ml/one_hot_encoder.cpp. Expected values by hand.
#include "helpers/ml_ops.h"

// The schema's T also admits string (with cats_strings); a bool X is none of its types.
// spec: OneHotEncoder-1: "The input must be a tensor of a numeric type."
TEST_CASE("OneHotEncoder-1: a bool X is refused") {
  Attributes a = ml_op_defaults("OneHotEncoder", 1);
  a.set("cats_int64s", std::vector<int64_t>{0, 1});
  CHECK(ml_op_values<float>(run_ml_op("OneHotEncoder", 1, {ml_int64s({1}, {1})}, a)[0].tensor()) == std::vector<float>{0, 1});
  CHECK(!ml_op_error("OneHotEncoder", 1, {Tensor::from_values<uint8_t>(T::Bool, {1}, {1})}, a).empty());
}
