// Unit tests of ops/normalization/lp_normalization.cpp.
#include "helpers/normalization.h"

TEST_CASE("LpNormalization: x divided by the exact L1 or correctly rounded L2 norm of its line") {
  const auto l2 = run_norm("LpNormalization", 22, {floats({2, 2}, {3, 4, 0, 0})}, {{"axis", int64_t{-1}}});
  const std::vector<double> y = as_doubles(l2[0]);
  CHECK(y[0] == static_cast<double>(0.6f));  // 3/5 and 4/5, rounded to nearest float
  CHECK(y[1] == static_cast<double>(0.8f));
  CHECK(std::isnan(y[2]));  // 0 / 0
  const auto l1 = run_norm("LpNormalization", 1, {floats({2, 2}, {1, -2, 3, 6})}, {{"axis", int64_t{0}}, {"p", int64_t{1}}});
  CHECK(as_doubles(l1[0]) == std::vector<double>{0.25, -0.25, 0.75, 0.75});
  // 2^70 squares to 2^140, beyond float but exact in the sum: no overflow, 1/sqrt(2) rounded.
  const float big = 0x1p70f;
  const auto wide = run_norm("LpNormalization", 22, {floats({2}, {big, big})});
  CHECK(as_doubles(wide[0])[0] == static_cast<double>(static_cast<float>(1 / std::sqrt(2.0))));
  CHECK_THROWS_AS(run_norm("LpNormalization", 22, {floats({2}, {1, 1})}, {{"p", int64_t{3}}}), Error);
}
