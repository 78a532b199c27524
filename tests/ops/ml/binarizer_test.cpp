// Unit tests of ops/ml/binarizer.cpp.
#include "helpers/ml_ops.h"

TEST_CASE("Binarizer: greater than the threshold is 1, NaN is 0") {
  Attributes a = ml_op_defaults("Binarizer", 1);
  a.set("threshold", 0.5f);
  CHECK(ml_op_values<float>(run_ml_op("Binarizer", 1, {ml_floats({3}, {0.5f, 0.6f, NAN})}, a)[0].tensor()) ==
        std::vector<float>{0, 1, 0});
  CHECK(ml_op_values<int64_t>(run_ml_op("Binarizer", 1, {ml_int64s({2}, {0, 1})}, a)[0].tensor()) == std::vector<int64_t>{0, 1});
}
