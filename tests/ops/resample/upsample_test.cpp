// Upsample (and Resize-10, which shares its text): the rules of the ONNX 1.22.0 text, each check citing its sentence.
#include <doctest/doctest.h>

#include "helpers/resample_rules.h"

namespace resample_rules_tests {

// Nearest (the default) over half_pixel coordinates (-0.25, 0.25, 0.75, 1.25) or asymmetric ones
// (0, 0.5, 1, 1.5) picks [1, 1, 3, 3]; linear would give [1, 1.5, 2.5, 3] or [1, 2, 3, 3].
// spec: Upsample-1: "Two interpolation modes: nearest(default), bilinear"
// spec: Upsample-7,9: "Two interpolation modes: nearest (default), and linear (including bilinear, trilinear, etc)"
// spec: Upsample-7,9: "The number of elements of 'scales' should be the same as the rank of input 'X'."
// spec: Resize-10: "Two interpolation modes: nearest (default), and linear (including bilinear, trilinear, etc)"
// spec: Resize-10: "The number of elements of 'scales' should be the same as the rank of input 'X'."
TEST_CASE("Upsample-7/9, Resize-10: nearest by default; one scale per axis of X") {
  for (int64_t v : {7, 9}) {
    INFO("Upsample-", v);
    OpTester t("Upsample", v);
    t.input(Value(kX()));
    if (v == 7)
      t.attribute("scales", std::vector<float>{1, 2});
    else
      t.input(Value(f32({1, 2})));
    CHECK(floats(t.run_tensor()) == std::vector<float>{1, 1, 3, 3});
    OpTester bad("Upsample", v);
    bad.input(Value(kX()));
    if (v == 7)
      bad.attribute("scales", std::vector<float>{2});
    else
      bad.input(Value(f32({2})));
    CHECK_THROWS_AS(bad.run(), Error);
  }
  OpTester r("Resize", 10);
  r.input(Value(kX())).input(Value(f32({1, 2})));
  CHECK(floats(r.run_tensor()) == std::vector<float>{1, 1, 3, 3});
  OpTester bad("Resize", 10);
  bad.input(Value(kX())).input(Value(f32({1, 2, 1})));
  CHECK_THROWS_AS(bad.run(), Error);
}

}  // namespace resample_rules_tests
