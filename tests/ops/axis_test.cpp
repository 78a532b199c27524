// Unit tests: ops axis.
#include "helpers/movement_indexing.h"
#include "helpers/shape_ops.h"

TEST_CASE("axis: normalized or refused, extremes included") {
  CHECK(normalize_axis(-1, 3, AxisRange::Signed) == 2);
  CHECK(normalize_axis(2, 3, AxisRange::NonNegative) == 2);
  CHECK_THROWS_WITH_AS(normalize_axis(-1, 3, AxisRange::NonNegative),
                       "axis = -1 is out of range for rank 3 (valid: 0 to 2)", Error);
  CHECK_THROWS_WITH_AS(normalize_axis(INT64_MIN, 3, AxisRange::Signed),
                       "axis = -9223372036854775808 is out of range for rank 3 (valid: -3 to 2)", Error);
  CHECK_THROWS_WITH_AS(normalize_axis(INT64_MAX, 3, AxisRange::Signed), doctest::Contains("is out of range for rank 3"),
                       Error);
  CHECK_THROWS_WITH_AS(normalize_axis(0, 0, AxisRange::Signed), "axis = 0 is out of range: a scalar has no axis",
                       Error);
}

TEST_CASE("normalize_axes: every axis in and out of range, for ranks 0 to 4") {
  for (int64_t rank = 0; rank <= 4; ++rank) {
    CAPTURE(rank);
    for (int64_t a = -rank - 2; a <= rank + 1; ++a) {
      CAPTURE(a);
      const std::vector<int64_t> axes{a};
      if (a >= 0 && a < rank) {
        CHECK(normalize_axes(axes, rank, Refused, "the input rank") == std::vector<int64_t>{a});
        CHECK(normalize_axes(axes, rank, Back, "the input rank") == std::vector<int64_t>{a});
      } else if (a < 0 && a >= -rank) {
        CHECK(normalize_axes(axes, rank, Back, "the input rank") == std::vector<int64_t>{a + rank});
        CHECK_THROWS_AS(normalize_axes(axes, rank, Refused, "the input rank"), Error);
      } else {
        CHECK_THROWS_AS(normalize_axes(axes, rank, Back, "the input rank"), Error);
        CHECK_THROWS_AS(normalize_axes(axes, rank, Refused, "the input rank"), Error);
      }
    }
  }
}

TEST_CASE("normalize_axes: messages, INT64 extremes and duplicates") {
  const std::vector<int64_t> three{0, 5};
  CHECK_THROWS_WITH_AS(normalize_axes(three, 3, Back, "the input rank"),
                       "axes[1] = 5 is out of range for the input rank 3 (valid: -3 to 2)", Error);
  const std::vector<int64_t> neg{-1};
  CHECK_THROWS_WITH_AS(normalize_axes(neg, 3, Refused, "the input rank"),
                       "axes[0] = -1 is out of range for the input rank 3 (valid: 0 to 2) (negative axes are allowed "
                       "from version 11 on)",
                       Error);
  const std::vector<int64_t> min{kMin};
  CHECK_THROWS_WITH_AS(normalize_axes(min, 2, Back, "the output rank"),
                       "axes[0] = -9223372036854775808 is out of range for the output rank 2 (valid: -2 to 1)", Error);
  const std::vector<int64_t> max{kMax};
  CHECK_THROWS_WITH_AS(normalize_axes(max, 2, Back, "the output rank"),
                       "axes[0] = 9223372036854775807 is out of range for the output rank 2 (valid: -2 to 1)", Error);
  const std::vector<int64_t> any{0};
  CHECK_THROWS_WITH_AS(normalize_axes(any, 0, Back, "the input rank"),
                       "axes[0] = 0 is out of range for the input rank 0 (none: it has no axes)", Error);
  const std::vector<int64_t> dup{2, 0, -1};
  CHECK_THROWS_WITH_AS(normalize_axes(dup, 3, Back, "the input rank"),
                       "axes[2] = -1 names axis 2 again (axes[0] = 2); each axis may appear once", Error);
  const std::vector<int64_t> dup2{1, 1};
  CHECK_THROWS_WITH_AS(normalize_axes(dup2, 3, Refused, "the input rank"),
                       "axes[1] = 1 names axis 1 again (axes[0] = 1); each axis may appear once", Error);
  CHECK(normalize_axes(std::vector<int64_t>{}, 0, Back, "the input rank").empty());
}
