// Unit tests of ops/ml/normalizer.cpp.
#include "helpers/ml_ops.h"

TEST_CASE("Normalizer: MAX, L1, L2 rows, a zero row kept") {
  const Tensor x = ml_floats({2, 2}, {3, -4, 0, 0});
  Attributes a = ml_op_defaults("Normalizer", 1);
  CHECK(ml_op_values<float>(run_ml_op("Normalizer", 1, {x}, a)[0].tensor()) ==
        std::vector<float>{1, -0x1.555556p+0f, 0, 0});
  a.set("norm", std::string("L1"));
  CHECK(ml_op_values<float>(run_ml_op("Normalizer", 1, {x}, a)[0].tensor()) ==
        std::vector<float>{0x1.b6db6ep-2f, -0x1.24924ap-1f, 0, 0});
  a.set("norm", std::string("L2"));
  CHECK(ml_op_values<float>(run_ml_op("Normalizer", 1, {x}, a)[0].tensor()) ==
        std::vector<float>{0x1.333334p-1f, -0x1.99999ap-1f, 0, 0});
  a.set("norm", std::string("L3"));
  CHECK(ml_op_error("Normalizer", 1, {x}, a) == "attribute 'norm' = 'L3' is none of MAX, L1, L2");
}
