// Unit tests of ops/resample/resize.cpp.
#include <doctest/doctest.h>
#include "helpers/resample_rules.h"
#include "helpers/resize_rules.h"
#include "node_runner.h"
#include "runtime/error.h"

TEST_CASE("resize kernel: bilinear 3x3 to 5x5 (weights in fifths) against an exact rational oracle") {
  std::mt19937 rng(17);
  std::uniform_real_distribution<float> dist(-100.0f, 100.0f);
  std::vector<float> xv(9);
  for (auto& v : xv) v = dist(rng);
  const Tensor x = float_tensor({1, 1, 3, 3}, xv);
  const Tensor y = run_resize(19, x, {{"", {}}, {"", {}}, {"sizes", int64_tensor({1, 1, 5, 5})}},
                              {{"mode", "linear"}, {"coordinate_transformation_mode", "align_corners"}});
  REQUIRE(y.shape() == Shape{1, 1, 5, 5});
  // align_corners 3 to 5: x_original = x / 2, so each axis has weights in halves (exact doubles).
  auto axis = [](int64_t o, int64_t& i0, int64_t& i1, mpq_class& w1) {
    i0 = o / 2;
    i1 = std::min<int64_t>(i0 + 1, 2);
    w1 = mpq_class(o % 2, 2);
  };
  for (int64_t r = 0; r < 5; ++r)
    for (int64_t c = 0; c < 5; ++c) {
      int64_t r0, r1, c0, c1;
      mpq_class wr, wc;
      axis(r, r0, r1, wr);
      axis(c, c0, c1, wc);
      auto at = [&](int64_t i, int64_t j) {
        return mpq_class(static_cast<double>(xv[static_cast<size_t>(i * 3 + j)]));
      };
      const mpq_class exact = (1 - wr) * (1 - wc) * at(r0, c0) + (1 - wr) * wc * at(r0, c1) +
                              wr * (1 - wc) * at(r1, c0) + wr * wc * at(r1, c1);
      CAPTURE(r);
      CAPTURE(c);
      CHECK(y.data_as<float>()[r * 5 + c] == round_to_float(exact));
    }
}

TEST_CASE("resize kernel: cubic with weights in 27ths, each rounded to double, then one rounding") {
  // 2 to 6, asymmetric: x = 1 sits at 1/3 with taps -1, 0, 1, 2 reading elements 0, 0, 1, 1.
  const std::vector<float> xv{1.0f, 1e-3f};
  const Tensor x = float_tensor({2}, xv);
  const Tensor y = run_resize(13, x, {{"", {}}, {"", {}}, {"sizes", int64_tensor({6})}},
                              {{"mode", "cubic"}, {"coordinate_transformation_mode", "asymmetric"}});
  // The oracle takes the rules' double weights (checked by hand here and above) and sums exactly.
  ResampleOptions o;
  o.mode = ResizeMode::Cubic;
  o.coordinate = CoordinateMode::Asymmetric;
  const auto taps = axis_taps({2, 6, Scale::of_ratio(6, 2)}, o)[1].taps;
  mpq_class exact = 0;
  for (const auto& t : taps)
    exact += mpq_class(t.weight) * mpq_class(static_cast<double>(xv[static_cast<size_t>(t.index)]));
  CHECK(y.data_as<float>()[1] == round_to_float(exact));
  // a = -0.75: W(4/3) = a * 4/27 = -1/9, W(5/3) = a * 2/27 = -1/18 (hand computation).
  REQUIRE(taps.size() == 4);
  CHECK(taps[0].weight == -1.0 / 9);
  CHECK(taps[3].weight == -1.0 / 18);
}

TEST_CASE("resize kernel: nearest copies any type; integers interpolate to nearest even, saturated") {
  const Tensor s = Tensor::from_strings({2}, {"a", "b"});
  const Tensor y = run_resize(19, s, {{"", {}}, {"", {}}, {"sizes", int64_tensor({4})}},
                              {{"coordinate_transformation_mode", "asymmetric"}});
  CHECK(y.strings() == std::vector<std::string>{"a", "a", "b", "b"});
  // uint8 [0, 255] to 4, asymmetric linear: 0, 127.5 -> 128 (even), 255, 255.
  const Tensor u = Tensor::from_values<uint8_t>(ElementType::UInt8, {2}, {0, 255});
  const Tensor yu = run_resize(19, u, {{"", {}}, {"", {}}, {"sizes", int64_tensor({4})}},
                               {{"mode", "linear"}, {"coordinate_transformation_mode", "asymmetric"}});
  CHECK(std::vector<uint8_t>(yu.data_as<uint8_t>(), yu.data_as<uint8_t>() + 4) ==
        std::vector<uint8_t>{0, 128, 255, 255});
  // Cubic overshoot saturates: 0, 255 to 4 half_pixel; x = 2 at 5/4 clamps at 255.
  const Tensor yc = run_resize(19, u, {{"", {}}, {"", {}}, {"sizes", int64_tensor({8})}}, {{"mode", "cubic"}});
  CHECK(yc.data_as<uint8_t>()[7] == 255);
  CHECK(yc.data_as<uint8_t>()[0] == 0);
}

TEST_CASE("resize kernel: refusals") {
  const Tensor x = float_tensor({1, 2}, {1, 2});
  const Tensor sc = float_tensor({2}, {1, 2});
  auto refuse = [&](const std::vector<std::pair<std::string, Tensor>>& extra,
                    const std::vector<std::pair<std::string, std::string>>& strings, const char* text) {
    CHECK_THROWS_WITH_AS(run_resize(19, x, extra, strings), doctest::Contains(text), Error);
  };
  refuse({{"", {}}, {"scales", sc}, {"sizes", int64_tensor({1, 4})}}, {}, "both given");
  refuse({}, {}, "neither scales nor sizes");
  refuse({{"", {}}, {"scales", float_tensor({2}, {1, 1e30f})}}, {}, "reach 2^62");
  refuse({{"", {}}, {"scales", float_tensor({2}, {1, -2})}}, {}, "greater than 0");
  refuse({{"", {}}, {"scales", float_tensor({3}, {1, 2, 2})}}, {}, "one per axis of X");
  refuse({{"", {}}, {"scales", sc}}, {{"coordinate_transformation_mode", "tf_crop_and_resize"}}, "needs the roi");
  refuse({{"", {}}, {"scales", sc}}, {{"coordinate_transformation_mode", "tf_half_pixel_for_nn"}},
         "got 'tf_half_pixel_for_nn'");
  refuse({{"", {}}, {"scales", sc}}, {{"mode", "bicubic"}}, "must be nearest, linear or cubic");
  refuse({{"", {}}, {"scales", sc}}, {{"keep_aspect_ratio_policy", "fit"}}, "keep_aspect_ratio_policy");
  const Tensor b = Tensor::from_values<uint8_t>(ElementType::Bool, {2}, {0, 1});
  CHECK_THROWS_WITH_AS(run_resize(19, b, {{"", {}}, {"scales", float_tensor({1}, {2})}}, {{"mode", "linear"}}),
                       doctest::Contains("does not take bool"), Error);
  CHECK_THROWS_WITH_AS(run_resize(9, x, {{"scales", float_tensor({2}, {1, 0.5f})}}, {}, "Upsample"),
                       doctest::Contains("must be at least 1"), Error);
}

// The rules of the ONNX 1.22.0 text, each test citing its sentence.
namespace resample_rules_tests {

// X = [1, 3] scaled by 2 along its last axis, nearest: the end outputs are the end inputs.
// spec: Resize-19: "if coordinate_transformation_mode is "half_pixel_symmetric""
TEST_CASE("Resize-18 refuses half_pixel_symmetric; Resize-19 takes it") {
  const auto mode = [](OpTester& t) { t.attribute("coordinate_transformation_mode", "half_pixel_symmetric"); };
  const Tensor y = resize(19, std::nullopt, f32({1, 2}), std::nullopt, mode);
  REQUIRE(y.shape() == Shape{1, 4});
  CHECK(y.data_as<float>()[0] == 1.0f);
  CHECK(y.data_as<float>()[3] == 3.0f);
  CHECK_THROWS_WITH_AS(resize(18, std::nullopt, f32({1, 2}), std::nullopt, mode),
                       doctest::Contains("got 'half_pixel_symmetric'"), Error);
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
    CHECK(floats(resize(v, roi, no_scales(v), i64({1, 4}), [](OpTester& t) {
            t.attribute("extrapolation_value", 9.0f);
          })) == std::vector<float>{1, 1, 3, 3});
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
TEST_CASE(
    "Resize 11 and later: cubic_coeff_a and exclude_outside act in cubic mode only, nearest_mode in nearest only") {
  for (int64_t v : {11, 13, 18, 19}) {
    INFO("Resize-", v);
    const auto linear = [](OpTester& t) { t.attribute("mode", "linear"); };
    const std::vector<float> plain = floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt, linear));
    CHECK(plain == floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt, [](OpTester& t) {
            t.attribute("mode", "linear")
                .attribute("cubic_coeff_a", -0.5f)
                .attribute("nearest_mode", "ceil")
                .attribute("exclude_outside", int64_t{1});
          })));
    // exclude_outside is 0 by default: in cubic mode, setting it to 0 changes nothing.
    const auto cubic = [](int64_t exclude) {
      return [exclude](OpTester& t) {
        t.attribute("mode", "cubic");
        if (exclude >= 0) t.attribute("exclude_outside", exclude);
      };
    };
    CHECK(floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt, cubic(-1))) ==
          floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt, cubic(0))));
    CHECK(floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt, cubic(1))) !=
          floats(resize(v, kEmpty(), f32({1, 2}), std::nullopt, cubic(0))));
  }
}

}  // namespace resample_rules_tests
