// Unit tests of ops/reduce/reduction.cpp.
#include "helpers/reduce_range.h"

TEST_CASE("reduce axes: every axis in and out of range, negative, repeated") {
  for (int64_t rank = 0; rank <= 4; ++rank) {
    for (int64_t a = -rank - 2; a <= rank + 1; ++a) {
      const V axes{a};
      if (a >= -rank && a < rank) {
        CHECK(normalize_reduce_axes(axes, rank, true) == V{a < 0 ? a + rank : a});
        if (a >= 0)
          CHECK(normalize_reduce_axes(axes, rank, false) == V{a});
        else
          CHECK_THROWS_AS(normalize_reduce_axes(axes, rank, false), Error);
      } else {
        CHECK_THROWS_AS(normalize_reduce_axes(axes, rank, true), Error);
      }
    }
  }
  CHECK(normalize_reduce_axes(V{2, -3, 1}, 3, true) == V{0, 1, 2});
  CHECK(normalize_reduce_axes(V{}, 3, true).empty());
  CHECK_THROWS_WITH_AS(normalize_reduce_axes(V{3}, 3, true),
                       "axes[0] = 3 is out of range for an input of rank 3 (valid: -3 to 2)", Error);
  CHECK_THROWS_WITH_AS(normalize_reduce_axes(V{0, -1}, 3, false),
                       "axes[1] = -1 is out of range for an input of rank 3 (valid: 0 to 2)", Error);
  CHECK_THROWS_WITH_AS(normalize_reduce_axes(V{0}, 0, true),
                       "axes[0] = 0 is out of range for an input of rank 0 (valid: none: the input is a scalar)",
                       Error);
  CHECK_THROWS_WITH_AS(normalize_reduce_axes(V{1, -2}, 3, true),
                       "axes[0] and axes[1] both name axis 1; an axis may be reduced only once", Error);
  CHECK_THROWS_AS(normalize_reduce_axes(V{kMin}, 3, true), Error);
  CHECK_THROWS_AS(normalize_reduce_axes(V{kMax}, 3, true), Error);
}

TEST_CASE("reduce output shape: every subset of axes, keepdims on and off") {
  const Shape in{2, 0, 3, 1};
  for (int mask = 0; mask < 16; ++mask) {
    V axes;
    for (int64_t d = 0; d < 4; ++d)
      if (mask & (1 << d)) axes.push_back(d);
    Shape keep, drop;
    for (int64_t d = 0; d < 4; ++d) {
      const bool reduced = axes.empty() || (mask & (1 << d));
      keep.push_back(reduced ? 1 : in[static_cast<size_t>(d)]);
      if (!reduced) drop.push_back(in[static_cast<size_t>(d)]);
    }
    CHECK(reduce_output_shape(in, axes, true) == keep);
    CHECK(reduce_output_shape(in, axes, false) == drop);
  }
  CHECK(reduce_output_shape({}, V{}, true) == Shape{});
  CHECK(reduce_output_shape({}, V{}, false) == Shape{});
}
