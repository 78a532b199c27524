// Resize's coordinate and weight rules (ops/resample/resize_rules.h) against hand-computed values,
// and the Resize/Upsample kernels against an exact rational oracle (GMP): expected weights are
// worked out by hand or as exact fractions, sums of products are exact, and the one rounding is
// done by MPFR.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>

#include <gmpxx.h>
#include <mpfr.h>

#include "model_builder.h"
#include "ops/resample/resize_rules.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::resample;
using namespace onnx_ref::testing;

namespace {

AxisResample sized_axis(int64_t in, int64_t out) { return {in, out, Scale::of_ratio(out, in)}; }
AxisResample scaled_axis(int64_t in, float s) { return {in, scaled_length(in, s, 0), Scale::of_float(s)}; }

std::vector<std::pair<int64_t, double>> taps_of(const OutputTaps& t) {
  std::vector<std::pair<int64_t, double>> v;
  for (const auto& tap : t.taps) v.emplace_back(tap.index, tap.weight);
  return v;
}

int64_t nearest(const AxisResample& a, CoordinateMode c, NearestMode n, int64_t x) {
  ResampleOptions o;
  o.coordinate = c;
  o.nearest = n;
  const auto t = axis_taps(a, o)[static_cast<size_t>(x)];
  REQUIRE(t.taps.size() == 1);
  CHECK(t.taps[0].weight == 1.0);
  return t.taps[0].index;
}

}  // namespace

TEST_CASE("resize rules: output lengths from scales, aspect-ratio policies and refusals") {
  CHECK(scaled_length(3, 0.5f, 0) == 1);
  CHECK(scaled_length(4, 0.6f, 0) == 2);  // 4 * 0.60000002384 = 2.4000001
  CHECK(scaled_length(5, 0.6f, 0) == 3);  // 3.0000001: the float, not 0.6, decides
  CHECK(scaled_length(10, 0.3f, 0) == 3);  // 0.3f = 0.30000001192...: 3.0000001
  CHECK(scaled_length(10, 0.7f, 0) == 6);  // 0.7f = 0.69999998807...: 6.9999998
  CHECK(scaled_length(0, 2.0f, 0) == 0);
  CHECK_THROWS_WITH_AS(scaled_length(1000000, 1e30f, 2), doctest::Contains("reach 2^62 (axis 2)"), Error);
  for (float bad : {0.0f, -1.0f, NAN, INFINITY})
    CHECK_THROWS_WITH_AS(scaled_length(3, bad, 0), doctest::Contains("finite number greater than 0"), Error);

  const Scale small = aspect_scale({4, 6}, {2, 2}, true);  // min(1/2, 1/3)
  CHECK(aspect_length(4, small) == 1);                      // round_half_up(4/3)
  CHECK(aspect_length(6, small) == 2);
  const Scale large = aspect_scale({4, 6}, {2, 2}, false);  // 1/2
  CHECK(aspect_length(4, large) == 2);
  CHECK(aspect_length(6, large) == 3);
  const Scale half = aspect_scale({2, 3}, {1, 10}, true);  // 1/2: 3 / 2 = 1.5 rounds half up
  CHECK(aspect_length(3, half) == 2);
  CHECK_THROWS_WITH_AS(aspect_scale({0, 3}, {1, 1}, true), doctest::Contains("positive input length"), Error);
}

TEST_CASE("resize rules: x_original of every coordinate transformation, exactly") {
  const auto up = sized_axis(4, 8);
  CHECK(original_coordinate_text(up, CoordinateMode::HalfPixel, 0) == "-1/4");
  CHECK(original_coordinate_text(up, CoordinateMode::HalfPixel, 1) == "1/4");
  CHECK(original_coordinate_text(up, CoordinateMode::HalfPixel, 7) == "13/4");
  CHECK(original_coordinate_text(up, CoordinateMode::Asymmetric, 3) == "3/2");
  CHECK(original_coordinate_text(up, CoordinateMode::TfHalfPixelForNN, 3) == "7/4");
  CHECK(original_coordinate_text(up, CoordinateMode::AlignCorners, 7) == "3");
  CHECK(original_coordinate_text(up, CoordinateMode::AlignCorners, 1) == "3/7");
  CHECK(original_coordinate_text(up, CoordinateMode::PytorchHalfPixel, 1) == "1/4");
  // 0.6f = 5033165 / 2^23: asymmetric divides by it, align_corners by 4 * 0.6f - 1 (onnx's tests).
  const auto f = scaled_axis(4, 0.6f);
  CHECK(original_coordinate_text(f, CoordinateMode::Asymmetric, 1) == "8388608/5033165");
  CHECK(original_coordinate_text(f, CoordinateMode::AlignCorners, 1) == "2097152/978671");
  // pytorch_half_pixel at length 1: 0 as the spec says (onnx#4275; ONNX's reference takes -1/2).
  CHECK(original_coordinate_text(sized_axis(4, 1), CoordinateMode::PytorchHalfPixel, 0) == "0");
  CHECK(original_coordinate_text(sized_axis(4, 1), CoordinateMode::HalfPixel, 0) == "3/2");
  CHECK(original_coordinate_text(sized_axis(4, 1), CoordinateMode::AlignCorners, 0) == "0");
  // half_pixel_symmetric: 5 * 0.75 = 3.75 gives 3; adjustment 4/5, offset 5/2 * 1/5 = 1/2.
  const auto sym = scaled_axis(5, 0.75f);
  CHECK(original_coordinate_text(sym, CoordinateMode::HalfPixelSymmetric, 0) == "2/3");
  CHECK(original_coordinate_text(sym, CoordinateMode::HalfPixelSymmetric, 1) == "2");
  CHECK(original_coordinate_text(sym, CoordinateMode::HalfPixelSymmetric, 2) == "10/3");
  // tf_crop_and_resize over roi [0.25, 0.75] of 4 to 3: 0.75 + x * 0.5 * 3 / 2; length 1: center.
  AxisResample crop = sized_axis(4, 3);
  crop.roi_start = 0.25;
  crop.roi_end = 0.75;
  CHECK(original_coordinate_text(crop, CoordinateMode::TfCropAndResize, 0) == "3/4");
  CHECK(original_coordinate_text(crop, CoordinateMode::TfCropAndResize, 2) == "9/4");
  crop.out = 1;
  crop.scale = Scale::of_ratio(1, 4);
  CHECK(original_coordinate_text(crop, CoordinateMode::TfCropAndResize, 0) == "3/2");
}

TEST_CASE("resize rules: nearest modes break exact ties as named, and ties a float ratio would miss") {
  const auto up = sized_axis(4, 8);  // asymmetric: x / 2
  const int64_t x1[] = {0, 1, 0, 1}, x3[] = {1, 2, 1, 2};
  const NearestMode modes[] = {NearestMode::RoundPreferFloor, NearestMode::RoundPreferCeil, NearestMode::Floor,
                               NearestMode::Ceil};
  for (int m = 0; m < 4; ++m) {
    CHECK(nearest(up, CoordinateMode::Asymmetric, modes[m], 1) == x1[m]);
    CHECK(nearest(up, CoordinateMode::Asymmetric, modes[m], 2) == 1);
    CHECK(nearest(up, CoordinateMode::Asymmetric, modes[m], 3) == x3[m]);
  }
  // 10 to 7, half_pixel: x = 3 maps to 3.5 * 10 / 7 - 0.5 = 4.5 exactly (0.7f would give 4.4999999).
  const auto seven = sized_axis(10, 7);
  CHECK(original_coordinate_text(seven, CoordinateMode::HalfPixel, 3) == "9/2");
  CHECK(nearest(seven, CoordinateMode::HalfPixel, NearestMode::RoundPreferCeil, 3) == 5);
  CHECK(nearest(seven, CoordinateMode::HalfPixel, NearestMode::RoundPreferFloor, 3) == 4);
  // Indices are clamped: half_pixel at -1/4 rounds to 0; ceil of 13/4 is 4, clamped to 3.
  CHECK(nearest(up, CoordinateMode::HalfPixel, NearestMode::Floor, 0) == 0);
  CHECK(nearest(up, CoordinateMode::HalfPixel, NearestMode::Ceil, 7) == 3);
  // pytorch_half_pixel at length 1 reads element 0 under every mode (-1/2 would still clamp to 0,
  // but with ceil the spec's 0 and the reference's -1/2 both give 0; cubic is where they differ).
  CHECK(nearest(sized_axis(4, 1), CoordinateMode::PytorchHalfPixel, NearestMode::Ceil, 0) == 0);
}

TEST_CASE("resize rules: linear, cubic and antialias weights, clamping and exclude_outside") {
  ResampleOptions o;
  o.mode = ResizeMode::Linear;
  const auto up = sized_axis(4, 8);
  auto t = axis_taps(up, o);
  using V = std::vector<std::pair<int64_t, double>>;
  CHECK(taps_of(t[1]) == V{{0, 0.75}, {1, 0.25}});
  CHECK(taps_of(t[0]) == V{{0, 0.25}, {0, 0.75}});  // index -1 reads the edge
  CHECK(taps_of(t[7]) == V{{3, 0.75}, {3, 0.25}});
  o.exclude_outside = true;
  CHECK(taps_of(axis_taps(up, o)[0]) == V{{0, 1.0}});
  o.exclude_outside = false;
  // An integral x_original is the index below with r = 1: one tap of weight 1.
  o.coordinate = CoordinateMode::Asymmetric;
  CHECK(taps_of(axis_taps(up, o)[2]) == V{{1, 1.0}});
  // Weights that are not dyadic are rounded once: 1 to 3, x = 1 is 1/3.
  CHECK(taps_of(axis_taps(sized_axis(1, 3), o)[1]) == V{{0, 2.0 / 3.0}, {0, 1.0 / 3.0}});

  o.mode = ResizeMode::Cubic;  // a = -0.75 at r = 1/2: W(1/2) = 0.59375, W(3/2) = -0.09375
  CHECK(taps_of(axis_taps(up, o)[1]) == V{{0, -0.09375}, {0, 0.59375}, {1, 0.59375}, {2, -0.09375}});
  o.cubic_a = -0.5f;  // W(1/2) = 1.5/8 - 2.5/4 + 1 = 0.5625, W(3/2) = -0.5 * 0.125 = -0.0625
  CHECK(taps_of(axis_taps(up, o)[1]) == V{{0, -0.0625}, {0, 0.5625}, {1, 0.5625}, {2, -0.0625}});
  o.exclude_outside = true;  // x = 1 of 4 to 8, asymmetric, is 1/2: tap -1 dropped, rest over 1.0625
  CHECK(taps_of(axis_taps(up, o)[1]) == V{{0, 9.0 / 17}, {1, 9.0 / 17}, {2, -1.0 / 17}});
  o.exclude_outside = false;
  // x = 1 of 1 to 3 is 1/3, a = -0.5: W(4/3) = a * 4/27 = -2/27, W(1/3) = 1.5/27 - 2.5/9 + 1 = 21/27,
  // W(2/3) = 1.5 * 8/27 - 2.5 * 4/9 + 1 = 9/27, W(5/3) = a * 2/27 = -1/27 (every tap reads element 0).
  CHECK(taps_of(axis_taps(sized_axis(1, 3), o)[1]) ==
        V{{0, -2.0 / 27}, {0, 21.0 / 27}, {0, 9.0 / 27}, {0, -1.0 / 27}});

  // Antialias, linear, 8 to 4 (scale 1/2), half_pixel x = 0 at 1/2: the tent stretched to 4 taps,
  // 1/4, 3/4, 3/4, 1/4 over 2.
  o = {};
  o.mode = ResizeMode::Linear;
  o.antialias = true;
  CHECK(taps_of(axis_taps(sized_axis(8, 4), o)[0]) == V{{0, 0.125}, {0, 0.375}, {1, 0.375}, {2, 0.125}});
  // Upsampling: antialias changes nothing.
  CHECK(taps_of(axis_taps(up, o)[1]) == V{{0, 0.75}, {1, 0.25}});
  // tf_crop_and_resize outside [0, in - 1] extrapolates.
  o.antialias = false;
  o.coordinate = CoordinateMode::TfCropAndResize;
  AxisResample crop = sized_axis(4, 3);
  crop.roi_start = -0.5;
  crop.roi_end = 0.5;
  t = axis_taps(crop, o);
  CHECK(t[0].extrapolate);
  CHECK(!t[1].extrapolate);
  CHECK(taps_of(t[1]) == V{{0, 1.0}});  // x_original = -1.5 + 1.5 = 0
}

namespace {

Tensor float_tensor(std::vector<int64_t> shape, const std::vector<float>& v) {
  return Tensor::from_values<float>(ElementType::Float, std::move(shape), v);
}

// Runs one Resize node; inputs named "" are left out.
Tensor run_resize(int64_t opset, const Tensor& x, const std::vector<std::pair<std::string, Tensor>>& extra,
                  const std::vector<std::pair<std::string, std::string>>& strings,
                  const std::string& op = "Resize") {
  ModelBuilder b(opset);
  b.input("x", x.type(), x.shape());
  std::vector<std::string> names{"x"};
  std::map<std::string, Value> feeds{{"x", x}};
  for (const auto& [name, t] : extra) {
    names.push_back(name);
    if (name.empty()) continue;
    b.input(name, t.type(), t.shape());
    feeds.emplace(name, t);
  }
  b.output("y");
  auto& node = b.node(op, names, {"y"});
  for (const auto& [k, v] : strings) {
    auto* a = node.add_attribute();
    a->set_name(k);
    a->set_type(onnx::AttributeProto::STRING);
    a->set_s(v);
  }
  return b.build().run(feeds).at(0).second.tensor();
}

float round_to_float(const mpq_class& q) {
  mpfr_t t;
  mpfr_init2(t, 24);
  mpfr_set_q(t, q.get_mpq_t(), MPFR_RNDN);
  const float f = mpfr_get_flt(t, MPFR_RNDN);
  mpfr_clear(t);
  return f;
}

}  // namespace

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
      auto at = [&](int64_t i, int64_t j) { return mpq_class(static_cast<double>(xv[static_cast<size_t>(i * 3 + j)])); };
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
  for (const auto& t : taps) exact += mpq_class(t.weight) * mpq_class(static_cast<double>(xv[static_cast<size_t>(t.index)]));
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
  CHECK(std::vector<uint8_t>(yu.data_as<uint8_t>(), yu.data_as<uint8_t>() + 4) == std::vector<uint8_t>{0, 128, 255, 255});
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
