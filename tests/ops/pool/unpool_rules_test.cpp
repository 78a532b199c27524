// Unit tests of ops/pool/unpool_rules.cpp.
#include "helpers/max_unpool.h"

TEST_CASE("MaxUnpool rules: the unpooled length of a MaxPool output is the pooled length minus what the windows miss") {
  for (int64_t len = 1; len <= 9; ++len)
    for (int64_t k = 1; k <= 4; ++k)
      for (int64_t s = 1; s <= 3; ++s)
        for (int64_t pb = 0; pb < k; ++pb)
          for (int64_t pe = 0; pe < k; ++pe) {
            if (len + pb + pe < k) continue;
            const AxisWindow w = window_axis(len, k, s, 1, pb, pe, AutoPad::NotSet, false);
            // The windows cover the padded input up to (len + pb + pe - k) % s positions at its end;
            // when those are more than the input (padding only), no unpooled length exists.
            const int64_t want = len - (len + pb + pe - k) % s;
            if (want >= 0)
              CHECK(pool::unpool_axis_length(w.out, k, s, pb, pe, 0) == want);
            else
              CHECK_THROWS_AS(pool::unpool_axis_length(w.out, k, s, pb, pe, 0), Error);
          }
  CHECK_THROWS_WITH_AS(pool::unpool_axis_length(1, 1, 1, 1, 1, 2), doctest::Contains("is negative (spatial axis 2)"),
                       Error);
  CHECK_THROWS_WITH_AS(pool::unpool_axis_length(3, 0, 1, 0, 0, 0),
                       doctest::Contains("kernel_shape 0 must be at least 1"), Error);
  CHECK_THROWS_WITH_AS(pool::unpool_axis_length(int64_t{1} << 40, 1, int64_t{1} << 40, 0, 0, 0),
                       doctest::Contains("beyond 2^62"), Error);
  CHECK(pool::unpooled_shape({2, 3, 2, 2}, {2, 2}, nullptr, nullptr) == Shape{2, 3, 3, 3});
}
