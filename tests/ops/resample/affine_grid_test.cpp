// Unit tests of ops/resample/affine_grid.cpp.
#include "helpers/indexing_misc.h"

TEST_CASE("AffineGrid: base positions as exact fractions, each coordinate rounded once") {
  const Tensor identity = misc_f32({1, 2, 3}, {1, 0, 0, 0, 1, 0});
  // align_corners 0: pixel centres (2 i + 1 - n) / n; align_corners 1: corners (2 i - (n - 1)) / (n - 1).
  auto g = misc_run("AffineGrid", 20, {identity, misc_i64({4}, {1, 1, 2, 3})});
  CHECK(g[0].tensor().shape() == Shape{1, 2, 3, 2});
  CHECK(misc_floats(g[0]) ==
        std::vector<float>{-2.0f / 3, -0.5f, 0, -0.5f, 2.0f / 3, -0.5f, -2.0f / 3, 0.5f, 0, 0.5f, 2.0f / 3, 0.5f});
  g = misc_run("AffineGrid", 20, {identity, misc_i64({4}, {1, 1, 2, 3})}, {{"align_corners", int64_t{1}}});
  CHECK(misc_floats(g[0]) == std::vector<float>{-1, -1, 0, -1, 1, -1, -1, 1, 0, 1, 1, 1});
  // x' = 0.1f * x + 2^-30 y + 0.25 at x = 2/3, y = -1/2 (align_corners 0, W = 3, H = 2): the exact
  // value 0.1f * 2/3 - 2^-31 + 1/4 with 0.1f = 13421773 / 2^27, over the common denominator 3 * 2^31.
  const Tensor theta = misc_f32({1, 2, 3}, {0.1f, 0x1p-30f, 0.25f, 0, 0, 0});
  g = misc_run("AffineGrid", 20, {theta, misc_i64({4}, {1, 1, 2, 3})});
  const __int128 num = __int128{13421773} * 2 * 16 - 3 + __int128{3} * (int64_t{1} << 29);
  CHECK(misc_floats(g[0])[4] == static_cast<float>(testing::round_rational(num, __int128{3} << 31, 24)));
  // 3-D: (x', y', z') = theta (x, y, z, 1); a one-point axis sits at 0.
  const Tensor theta3 = misc_f32({1, 3, 4}, {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 5});
  g = misc_run("AffineGrid", 20, {theta3, misc_i64({5}, {1, 1, 2, 1, 1})}, {{"align_corners", int64_t{1}}});
  CHECK(g[0].tensor().shape() == Shape{1, 2, 1, 1, 3});
  CHECK(misc_floats(g[0]) == std::vector<float>{-1, 0, 5, 1, 0, 5});
  CHECK_THROWS_WITH_AS(misc_run("AffineGrid", 20, {identity, misc_i64({5}, {1, 1, 2, 2, 2})}),
                       "theta is float[1, 2, 3] but size [1, 1, 2, 2, 2] calls for [1, 3, 4]", Error);
  CHECK_THROWS_WITH_AS(misc_run("AffineGrid", 20, {identity, misc_i64({4}, {1, 1, -2, 2})}), "size[2] = -2 is negative",
                       Error);
}
