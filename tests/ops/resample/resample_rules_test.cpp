// Resize and Upsample, every version: the defaults (nearest, round_prefer_floor, extrapolation 0),
// the scales / sizes / axes rules of the ONNX 1.22.0 text, each check citing its sentence. Expected
// values by hand: x = [[1, 3]] doubled along axis 1.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace resample_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor f32(std::vector<float> v) { return Tensor::from_values<float>(T::Float, {static_cast<int64_t>(v.size())}, v); }
Tensor i64(std::vector<int64_t> v) { return Tensor::from_values<int64_t>(T::Int64, {static_cast<int64_t>(v.size())}, v); }
std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }
// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
const Tensor& kX() {
  static const Tensor t = Tensor::from_values<float>(T::Float, {1, 2}, {1, 3});
  return t;
}
// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
const Tensor& kEmpty() {
  static const Tensor t = Tensor::from_values<float>(T::Float, {0}, {});
  return t;
}

// Resize 11 and later: X, roi, scales, sizes (an omitted input as nullopt).
Tensor resize(int64_t v, std::optional<Tensor> roi, std::optional<Tensor> scales, std::optional<Tensor> sizes,
              const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t("Resize", v);
  t.input(Value(kX())).input(roi ? std::optional<Value>(Value(*roi)) : std::nullopt);
  t.input(scales ? std::optional<Value>(Value(*scales)) : std::nullopt);
  if (sizes) t.input(Value(*sizes));
  if (attrs) attrs(t);
  return t.run_tensor();
}
std::optional<Tensor> no_scales(int64_t v) { return v == 11 ? std::optional<Tensor>(kEmpty()) : std::nullopt; }

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
    if (v == 7) t.attribute("scales", std::vector<float>{1, 2});
    else t.input(Value(f32({1, 2})));
    CHECK(floats(t.run_tensor()) == std::vector<float>{1, 1, 3, 3});
    OpTester bad("Upsample", v);
    bad.input(Value(kX()));
    if (v == 7) bad.attribute("scales", std::vector<float>{2});
    else bad.input(Value(f32({2})));
    CHECK_THROWS_AS(bad.run(), Error);
  }
  OpTester r("Resize", 10);
  r.input(Value(kX())).input(Value(f32({1, 2})));
  CHECK(floats(r.run_tensor()) == std::vector<float>{1, 1, 3, 3});
  OpTester bad("Resize", 10);
  bad.input(Value(kX())).input(Value(f32({1, 2, 1})));
  CHECK_THROWS_AS(bad.run(), Error);
}

// spec: Resize-11,13: "Three interpolation modes: nearest (default), linear and cubic."
// spec: Resize-18,19: "Three interpolation modes: "nearest" (default), "linear" and "cubic"."
// spec: Resize-11,13: "Four modes: round_prefer_floor (default, as known as round half down), round_prefer_ceil (as known as round half up), floor, ceil."
// spec: Resize-18,19: "Four modes: "round_prefer_floor" (default, as known as round half down), "round_prefer_ceil" (as known as round half up), "floor", "ceil"."
// spec: Resize-11,13,18,19: "Only used by nearest interpolation."
// spec: Resize-11,13: "The number of elements of 'scales' should be the same as the rank of input 'X'."
// spec: Resize-11,13: "The number of elements of 'sizes' should be the same as the rank of input 'X'."
TEST_CASE("Resize 11 and later: nearest and round_prefer_floor by default; scales and sizes one per axis") {
  for (int64_t v : {11, 13, 18, 19}) {
    INFO("Resize-", v);
    CHECK(floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt)) == std::vector<float>{1, 1, 3, 3});
    const auto asymmetric = [](OpTester& t) { t.attribute("coordinate_transformation_mode", "asymmetric"); };
    CHECK(floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt, asymmetric)) == std::vector<float>{1, 1, 3, 3});
    CHECK(floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt, [](OpTester& t) {
            t.attribute("coordinate_transformation_mode", "asymmetric").attribute("nearest_mode", "round_prefer_ceil");
          })) == std::vector<float>{1, 3, 3, 3});
    CHECK(floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt, [](OpTester& t) {
            t.attribute("coordinate_transformation_mode", "asymmetric").attribute("mode", "linear");
          })) == std::vector<float>{1, 2, 3, 3});
    CHECK(floats(resize(v, kEmpty(), no_scales(v), i64({1, 4}))) == std::vector<float>{1, 1, 3, 3});
    CHECK_THROWS_AS(resize(v, kEmpty(), f32({2}), std::nullopt), Error);
    CHECK_THROWS_AS(resize(v, kEmpty(), no_scales(v), i64({4})), Error);
  }
}

// spec: Resize-11: "If 'size' is needed, the user must set 'scales' to an empty tensor."
// spec: Resize-11: "May only be set if 'scales' is set to an empty tensor."
// spec: Resize-13,18,19: "One of 'scales' and 'sizes' MUST be specified and it is an error if both are specified."
// spec: Resize-13,18,19: "If 'sizes' is needed, the user can use an empty string as the name of 'scales' in this operator's input list."
// spec: Resize-13: "Only one of 'scales' and 'sizes' can be specified."
// spec: Resize-18,19: "Only one of 'scales' and 'sizes' can be specified."
TEST_CASE("Resize 11 and later: scales or sizes, never both; neither is refused from 13") {
  for (int64_t v : {11, 13, 18, 19}) {
    INFO("Resize-", v);
    CHECK_THROWS_AS(resize(v, kEmpty(), f32({1, 2}), i64({1, 4})), Error);
    if (v >= 13) {
      CHECK(floats(resize(v, std::nullopt, std::nullopt, i64({1, 4}))) == std::vector<float>{1, 1, 3, 3});
      CHECK_THROWS_AS(resize(v, std::nullopt, std::nullopt, std::nullopt), Error);
    }
  }
}

// roi [0, -1, 1, 2] on axis 1 (length 2) into 4 outputs: x_original = -1, 0, 1, 2; the ends lie outside
// [0, 1] and take the extrapolation value, 0 by default.
// spec: Resize-11,13,18,19: "When coordinate_transformation_mode is "tf_crop_and_resize" and x_original is outside the range [0, length_original - 1], this value is used as the corresponding output value."
// spec: Resize-11,13,18,19: "Default is 0.0f."
// spec: Resize-11,13,18,19: "It only takes effect when coordinate_transformation_mode is "tf_crop_and_resize""
// spec: Resize-11,13: "1-D tensor given as [start1, ..., startN, end1, ..., endN], where N is the rank of X."
// spec: Resize-18,19: "1-D tensor given as [start1, ..., startN, end1, ..., endN], where N is the rank of X or the length of axes, if provided."
TEST_CASE("Resize 11 and later: tf_crop_and_resize reads roi; outside it the extrapolation value, 0 by default") {
  const Tensor roi = f32({0, -1, 1, 2});
  for (int64_t v : {11, 13, 18, 19}) {
    INFO("Resize-", v);
    const auto crop = [](OpTester& t) { t.attribute("coordinate_transformation_mode", "tf_crop_and_resize"); };
    CHECK(floats(resize(v, roi, no_scales(v), i64({1, 4}), crop)) == std::vector<float>{0, 1, 3, 0});
    CHECK(floats(resize(v, roi, no_scales(v), i64({1, 4}), [](OpTester& t) {
            t.attribute("coordinate_transformation_mode", "tf_crop_and_resize").attribute("extrapolation_value", 9.0f);
          })) == std::vector<float>{9, 1, 3, 9});
    // Another coordinate mode ignores roi and the extrapolation value.
    CHECK(floats(resize(v, roi, no_scales(v), i64({1, 4}), [](OpTester& t) { t.attribute("extrapolation_value", 9.0f); })) ==
          std::vector<float>{1, 1, 3, 3});
  }
}

// spec: Resize-18,19: "If not provided, all axes are assumed [0, 1, ..., r-1], where r = rank(data)."
// spec: Resize-18,19: "Accepted range is [-r, r-1], where r = rank(data)."
// spec: Resize-18,19: "The number of elements of 'scales' should be the same as the rank of input 'X' or the length of 'axes', if provided."
// spec: Resize-18,19: "The number of elements of 'sizes' should be the same as the rank of input 'X', or the length of 'axes', if provided."
TEST_CASE("Resize 18 and later: axes select the resized axes, in [-r, r-1]; scales and sizes one per axis given") {
  for (int64_t v : {18, 19}) {
    INFO("Resize-", v);
    const auto axes = [](std::vector<int64_t> a) { return [a](OpTester& t) { t.attribute("axes", a); }; };
    CHECK(floats(resize(v, std::nullopt, f32({2}), std::nullopt, axes({-1}))) == std::vector<float>{1, 1, 3, 3});
    // sizes[0] = 4 is the size of axis d = axes[0] = 1.
    // spec: Resize-18,19: "Given a set of `sizes`, associated with a subset of `axes` (explicitly provided or default), and assuming `d = axes[i]`, with `i` being the index of the provided `sizes`."
    CHECK(floats(resize(v, std::nullopt, std::nullopt, i64({4}), axes({1}))) == std::vector<float>{1, 1, 3, 3});
    CHECK_THROWS_AS(resize(v, std::nullopt, f32({2}), std::nullopt, axes({2})), Error);
    CHECK_THROWS_AS(resize(v, std::nullopt, f32({1, 2}), std::nullopt, axes({1})), Error);
  }
}

// spec: Resize-11,13: "This attribute is valid only if "mode" is "cubic"."
// spec: Resize-18,19: "This attribute is valid only if mode is "cubic"."
// spec: Resize-11,13,18,19: "It indicates how to get "nearest" pixel in input tensor from x_original, so this attribute is valid only if "mode" is "nearest"."
// spec: Resize-11,13,18,19: "The default value is 0."
TEST_CASE("Resize 11 and later: cubic_coeff_a and exclude_outside act in cubic mode only, nearest_mode in nearest only") {
  for (int64_t v : {11, 13, 18, 19}) {
    INFO("Resize-", v);
    const auto linear = [](OpTester& t) { t.attribute("mode", "linear"); };
    const std::vector<float> plain = floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt, linear));
    CHECK(plain == floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt, [](OpTester& t) {
            t.attribute("mode", "linear").attribute("cubic_coeff_a", -0.5f).attribute("nearest_mode", "ceil").attribute("exclude_outside", int64_t{1});
          })));
    // exclude_outside is 0 by default: in cubic mode, setting it to 0 changes nothing.
    const auto cubic = [](int64_t exclude) {
      return [exclude](OpTester& t) {
        t.attribute("mode", "cubic");
        if (exclude >= 0) t.attribute("exclude_outside", exclude);
      };
    };
    CHECK(floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt, cubic(-1))) == floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt, cubic(0))));
    CHECK(floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt, cubic(1))) != floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt, cubic(0))));
  }
}

}  // namespace resample_rules_tests
