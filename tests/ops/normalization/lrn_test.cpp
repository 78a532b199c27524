// Unit tests of ops/normalization/lrn.cpp.
#include "helpers/more_normalizations.h"

TEST_CASE("LRN: x / (bias + alpha / size * square_sum)^beta over a window of channels") {
  Attributes a;
  a.set("size", int64_t{2});  // window [c, c + 1]
  a.set("alpha", 0.5f);
  a.set("beta", 0.75f);
  a.set("bias", 2.0f);
  const auto y = norm_values(norm_run("LRN", 13, {norm_doubles({1, 3, 1}, {1, 2, 3})}, a).at(0));
  const double k = 0.5 / 2;
  CHECK(y[0] == 1 / mpfr_power(2 + k * 5, 0.75));   // 1 + 4
  CHECK(y[1] == 2 / mpfr_power(2 + k * 13, 0.75));  // 4 + 9
  CHECK(y[2] == 3 / mpfr_power(2 + k * 9, 0.75));   // 9
  Attributes zero;
  zero.set("size", int64_t{0});
  CHECK_THROWS_WITH_AS(norm_run("LRN", 1, {norm_doubles({1, 1}, {1})}, zero), "attribute size = 0 must be at least 1 (the channels summed over)", Error);
  CHECK_THROWS_AS(norm_run("LRN", 1, {norm_doubles({1}, {1})}, a), Error);
}
