// Unit tests of ops/ml/scaler.cpp.
#include "helpers/ml_ops.h"
#include "helpers/ml_rules.h"

TEST_CASE("Scaler: (x - offset) * scale rounded once") {
  Attributes a = ml_op_defaults("Scaler", 1);
  a.set("offset", std::vector<float>{0, 1});
  a.set("scale", std::vector<float>{3});
  // 3 (2^24 + 1) = 50331651 rounds to 50331652 (float's spacing is 4 there); rounding x first gives 50331648.
  const Tensor x = ml_int64s({1, 2}, {16777217, 1});
  CHECK(ml_op_values<float>(run_ml_op("Scaler", 1, {x}, a)[0].tensor()) == std::vector<float>{50331652.0f, 0});
  a.set("offset", std::vector<float>{0, 1, 2});
  CHECK(ml_op_error("Scaler", 1, {x}, a) ==
        "attribute 'offset' has 3 values, not 1 or the 2 features of X's last dimension");
}

namespace ml_rules_tests {

// spec: Scaler-1: "Can be length of features in an [N,F] tensor or length 1, in which case it applies to all features, regardless of dimension count."
TEST_CASE(
    "Scaler-1: scale of length 1 applies to every feature; of length F one per feature; other lengths are refused") {
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

}  // namespace ml_rules_tests
