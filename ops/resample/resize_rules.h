#pragma once
// The coordinate and weight arithmetic of Resize and Upsample, as pure functions over one axis
// (tested against hand-computed values in tests/test_resize_rules.cpp).
//
// Everything is exact: a scale is either a float32 as the model stores it or a ratio of two
// integers (sizes / input length), so x_original is an exact rational (GMP inside the .cpp), and
// the nearest-mode ties, floors and ceilings fall exactly where the spec puts them. Interpolation
// weights are exact rationals too (the cubic kernel's coefficient `a` is the float32 attribute);
// each is rounded once to double, nearest, ties to even, which is the one rounding point of the
// weights (the kernels then sum the products exactly).
//
// Conventions (the spec's formulas; ONNX's tests and reference agree with them except where said):
//  - scale = length_resized / length_original, so length_resized is scale · length_original, a
//    fractional number when scales are given (align_corners and tf_crop_and_resize divide by
//    length_resized - 1 with that value, as ONNX's tests expect), the integer output length when
//    sizes are given.
//  - pytorch_half_pixel with length_resized <= 1 maps to x_original = 0, as the spec writes it.
//    ONNX's reference takes -0.5 there (onnx#4275); for linear interpolation both give the same
//    value (index -1 is clamped to 0), for cubic and nearest they differ, and the spec text wins.
//  - the neighbours of x_original are those of floor(x_original), with the ratio r in (0, 1]: an
//    integral x_original takes r = 1 on the index below, as ONNX's reference does; a neighbour
//    outside [0, length_original - 1] reads the edge element (clamped), or with exclude_outside
//    gets weight 0 and the remaining weights are renormalized to sum 1.
//  - antialias (linear and cubic) stretches the kernel by max(1, 1 / scale): taps at floor(x) + i
//    for i in [1 - n/2, n/2], weight kernel(scale' · (i - r)) normalized to sum 1, scale' =
//    min(scale, 1); without antialias scale' = 1 (the plain 2- and 4-tap kernels).
//  - tf_crop_and_resize: an x_original outside [0, length_original - 1] takes extrapolation_value.
//  - nearest: round_prefer_floor / round_prefer_ceil round to nearest and break exact .5 ties
//    down / up; floor and ceil as named; the index is then clamped to the input.
#include <cstdint>
#include <string>
#include <vector>

namespace onnx_ref::resample {

enum class ResizeMode { Nearest, Linear, Cubic };
enum class CoordinateMode {
  HalfPixel,
  HalfPixelSymmetric,
  PytorchHalfPixel,
  AlignCorners,
  Asymmetric,
  TfHalfPixelForNN,
  TfCropAndResize
};
enum class NearestMode { RoundPreferFloor, RoundPreferCeil, Floor, Ceil };

// A scale exactly: the float32 value the model stores, or num / den (num >= 0, den > 0).
struct Scale {
  bool is_ratio = false;
  float value = 1.0f;
  int64_t num = 1, den = 1;
  static Scale of_float(float v) { return {false, v, 1, 1}; }
  static Scale of_ratio(int64_t n, int64_t d) { return {true, 0.0f, n, d}; }
};

// One axis as resized: its input and output lengths, its scale and (tf_crop_and_resize) its roi.
struct AxisResample {
  int64_t in = 1;
  int64_t out = 1;
  Scale scale;
  double roi_start = 0, roi_end = 1;  // exact values of the roi elements
};

struct ResampleOptions {
  ResizeMode mode = ResizeMode::Nearest;
  CoordinateMode coordinate = CoordinateMode::HalfPixel;
  NearestMode nearest = NearestMode::RoundPreferFloor;
  float cubic_a = -0.75f;
  bool exclude_outside = false;
  bool antialias = false;
};

struct Tap {
  int64_t index;  // in [0, in)
  double weight;  // the exact weight rounded once to double
};

// The taps of one output position: empty with `extrapolate` when tf_crop_and_resize maps it
// outside the input. Nearest gives one tap of weight 1.
struct OutputTaps {
  bool extrapolate = false;
  std::vector<Tap> taps;
};

// floor(in · scale) for a float scale: the output length the spec gives; Error when the scale is
// not a finite positive number or the length reaches 2^62.
int64_t scaled_length(int64_t in, float scale, size_t axis);

// keep_aspect_ratio_policy "not_larger" / "not_smaller": the smallest / largest of sizes[i] / in[i]
// (exact ratios), and each axis's length round_half_up(scale · in). `in` values must be positive.
Scale aspect_scale(const std::vector<int64_t>& in, const std::vector<int64_t>& sizes, bool not_larger);
int64_t aspect_length(int64_t in, const Scale& scale);

// x_original for output index x, exactly, as "p/q" in lowest terms (or "p" when integral).
std::string original_coordinate_text(const AxisResample& axis, CoordinateMode mode, int64_t x);

// The taps of every output position of one axis (axis.out entries).
std::vector<OutputTaps> axis_taps(const AxisResample& axis, const ResampleOptions& options);

}  // namespace onnx_ref::resample
