// Unit tests of ops/resample/resize_rules.cpp.
#include "helpers/resize_rules.h"

TEST_CASE("resize rules: output lengths from scales, aspect-ratio policies and refusals") {
  CHECK(scaled_length(3, 0.5f, 0) == 1);
  CHECK(scaled_length(4, 0.6f, 0) == 2);   // 4 * 0.60000002384 = 2.4000001
  CHECK(scaled_length(5, 0.6f, 0) == 3);   // 3.0000001: the float, not 0.6, decides
  CHECK(scaled_length(10, 0.3f, 0) == 3);  // 0.3f = 0.30000001192...: 3.0000001
  CHECK(scaled_length(10, 0.7f, 0) == 6);  // 0.7f = 0.69999998807...: 6.9999998
  CHECK(scaled_length(0, 2.0f, 0) == 0);
  CHECK_THROWS_WITH_AS(scaled_length(1000000, 1e30f, 2), doctest::Contains("reach 2^62 (axis 2)"), Error);
  for (float bad : {0.0f, -1.0f, NAN, INFINITY})
    CHECK_THROWS_WITH_AS(scaled_length(3, bad, 0), doctest::Contains("finite number greater than 0"), Error);

  const Scale small = aspect_scale({4, 6}, {2, 2}, true);  // min(1/2, 1/3)
  CHECK(aspect_length(4, small) == 1);                     // round_half_up(4/3)
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
  CHECK(taps_of(axis_taps(sized_axis(1, 3), o)[1]) == V{{0, -2.0 / 27}, {0, 21.0 / 27}, {0, 9.0 / 27}, {0, -1.0 / 27}});

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
