// Unit tests of ops/reduce/cum_prod.cpp.
#include "helpers/scan_topk_dropout.h"

TEST_CASE("CumProd: each step is the previous result times the element, rounded once") {
  const Value x = float_tensor({2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(scan_values<float>(scan_topk_run("CumProd", 26, {x, int64_scalar(1)}, flags(0, 0)).at(0)) == std::vector<float>{1, 2, 6, 4, 20, 120});
  CHECK(scan_values<float>(scan_topk_run("CumProd", 26, {x, int64_scalar(1)}, flags(1, 1)).at(0)) == std::vector<float>{6, 3, 1, 30, 6, 1});
  CHECK(scan_values<float>(scan_topk_run("CumProd", 26, {x, int64_scalar(0)}, flags(1, 0)).at(0)) == std::vector<float>{1, 1, 1, 1, 2, 3});
  // (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46 rounds to 1 + 2^-22.
  const float a = 1 + 0x1p-23f;
  const auto p = scan_values<float>(scan_topk_run("CumProd", 26, {float_tensor({2}, {a, a}), int64_scalar(0)}, flags(0, 0)).at(0));
  CHECK(p[1] == 1 + 0x1p-22f);
  const Value ints(Tensor::from_values<int64_t>(ElementType::Int64, {3}, std::vector<int64_t>{INT64_MAX, 2, -1}));
  CHECK(scan_values<int64_t>(scan_topk_run("CumProd", 26, {ints, int64_scalar(0)}, flags(0, 0)).at(0)) == std::vector<int64_t>{INT64_MAX, -2, 2});
}
