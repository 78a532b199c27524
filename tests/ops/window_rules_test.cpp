// The sliding-window arithmetic (ops/window_rules.h), checked exhaustively over small sizes against
// a brute-force count of window positions, and every refusal.
#include <doctest/doctest.h>

#include <limits>

#include "ops/window_rules.h"
#include "runtime/error.h"

using namespace onnx_ref;

namespace {

// Brute force: window o starts at o * s - pb and covers ek positions. Floor mode counts the windows
// that fit in the padded extent; ceil mode adds the next, partial window when the last whole one
// does not reach the end of the padded extent and the partial one starts before the end of the
// input (not in the end padding).
int64_t brute_notset(int64_t in, int64_t ek, int64_t s, int64_t pb, int64_t pe, bool ceil_mode) {
  const int64_t padded = in + pb + pe;
  int64_t count = 0;
  while (count * s + ek <= padded) ++count;
  if (ceil_mode && (count - 1) * s + ek < padded && count * s - pb < in) ++count;
  return count;
}

}  // namespace

// spec: AveragePool-*: "Sliding windows that would start in the right padded region are ignored."
// spec: MaxPool-*: "Sliding windows that would start in the right padded region are ignored."
TEST_CASE("window rules: NOTSET over every small size, kernel, stride, dilation, pad and ceil_mode") {
  int64_t checked = 0;
  for (int64_t in = 0; in <= 9; ++in)
    for (int64_t k = 1; k <= 4; ++k)
      for (int64_t d = 1; d <= 3; ++d)
        for (int64_t s = 1; s <= 3; ++s)
          for (int64_t pb = 0; pb <= 3; ++pb)
            for (int64_t pe = 0; pe <= 3; ++pe)
              for (bool ceil_mode : {false, true}) {
                const int64_t ek = (k - 1) * d + 1;
                if (in + pb + pe < ek) {
                  CHECK_THROWS_WITH_AS(window_axis(in, k, s, d, pb, pe, AutoPad::NotSet, ceil_mode),
                                       doctest::Contains("is larger than the padded input"), Error);
                  continue;
                }
                const AxisWindow w = window_axis(in, k, s, d, pb, pe, AutoPad::NotSet, ceil_mode);
                CHECK(w.out == brute_notset(in, ek, s, pb, pe, ceil_mode));
                CHECK(w.pad_begin == pb);
                CHECK(w.pad_end == pe);
                ++checked;
              }
  CHECK(checked > 9000);
}

TEST_CASE("window rules: VALID and SAME over every small size") {
  for (int64_t in = 0; in <= 12; ++in)
    for (int64_t k = 1; k <= 4; ++k)
      for (int64_t d = 1; d <= 3; ++d)
        for (int64_t s = 1; s <= 4; ++s) {
          const int64_t ek = (k - 1) * d + 1;
          // VALID: windows inside the input.
          if (in < ek) {
            CHECK_THROWS_AS(window_axis(in, k, s, d, 0, 0, AutoPad::Valid, false), Error);
          } else {
            int64_t count = 0;
            while (count * s + ek <= in) ++count;
            const AxisWindow v = window_axis(in, k, s, d, 0, 0, AutoPad::Valid, false);
            CHECK(v.out == count);
            CHECK((v.pad_begin == 0 && v.pad_end == 0));
          }
          // SAME: one window per stride step starting inside the input; the least padding that
          // makes the last one fit, split with the odd unit at the end (UPPER) or start (LOWER).
          int64_t out = 0;
          while (out * s < in) ++out;
          int64_t total = 0;
          while (out > 0 && (out - 1) * s + ek > in + total) ++total;
          for (bool ceil_mode : {false, true}) {
            const AxisWindow u = window_axis(in, k, s, d, 0, 0, AutoPad::SameUpper, ceil_mode);
            const AxisWindow l = window_axis(in, k, s, d, 0, 0, AutoPad::SameLower, ceil_mode);
            CHECK(u.out == out);
            CHECK(l.out == out);
            CHECK(u.pad_begin + u.pad_end == total);
            CHECK(l.pad_begin + l.pad_end == total);
            CHECK(u.pad_begin == total / 2);
            CHECK(l.pad_end == total / 2);
          }
        }
}

// spec: Conv-*: "auto_pad must be either NOTSET, SAME_UPPER, SAME_LOWER or VALID."
// spec: ConvTranspose-*: "auto_pad must be either NOTSET, SAME_UPPER, SAME_LOWER or VALID."
// spec: AveragePool-*: "auto_pad must be either NOTSET, SAME_UPPER, SAME_LOWER or VALID."
// spec: MaxPool-*: "auto_pad must be either NOTSET, SAME_UPPER, SAME_LOWER or VALID."
// spec: LpPool-*: "auto_pad must be either NOTSET, SAME_UPPER, SAME_LOWER or VALID."
TEST_CASE("window rules: refusals name the rule") {
  CHECK_THROWS_WITH_AS(window_axis(5, 0, 1, 1, 0, 0, AutoPad::NotSet, false), doctest::Contains("kernel size 0"),
                       Error);
  CHECK_THROWS_WITH_AS(window_axis(5, 2, 0, 1, 0, 0, AutoPad::NotSet, false), doctest::Contains("stride 0"), Error);
  CHECK_THROWS_WITH_AS(window_axis(5, 2, 1, 0, 0, 0, AutoPad::NotSet, false), doctest::Contains("dilation 0"), Error);
  CHECK_THROWS_WITH_AS(window_axis(5, 2, 1, 1, -1, 0, AutoPad::NotSet, false, 2),
                       "pads must not be negative, got -1 and 0 (spatial axis 2)", Error);
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  CHECK_THROWS_AS(window_axis(5, kMax, 1, 1, 0, 0, AutoPad::NotSet, false), Error);
  CHECK_THROWS_AS(window_axis(5, 1 << 30, 1, 1 << 30, 0, 0, AutoPad::NotSet, false), Error);  // larger than the input
  CHECK_THROWS_AS(window_axis(5, int64_t{1} << 40, 1, int64_t{1} << 40, 0, 0, AutoPad::NotSet, false), Error);
  CHECK_THROWS_AS(window_axis(kMax, 1, 1, 1, 0, 0, AutoPad::NotSet, false), Error);
  CHECK_THROWS_WITH_AS(parse_auto_pad("SAME"), doctest::Contains("must be NOTSET, SAME_UPPER, SAME_LOWER or VALID"),
                       Error);
}
