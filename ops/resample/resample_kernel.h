#pragma once
// The resampling engine shared by Resize and Upsample: given the taps of every output position on
// every axis (ops/resample/resize_rules.h), it writes the output tensor.
//  - nearest: each output element is a copy of one input element (data movement, by element size:
//    every element type, NaN payloads kept);
//  - linear and cubic: each output is the exact value of sum over the taps of
//    (product of the per-axis weights, each a double) times the input element, rounded once to the
//    element type (nearest, ties to even). Products are expanded exactly (TwoProduct, fma) into
//    ExactSum (numeric/exact_sum.h), so neither the order of the taps nor threads change a bit.
//    Integer types: that exact value rounded to the nearest integer, ties to even, then saturated
//    to the type's range (as ONNX's reference casts); exact for results below 2^51 in magnitude
//    (beyond, it goes through a double rounded to odd). A product whose rounding error falls below
//    2^-1074 loses that error (products of subnormal size only).
// Positions that tf_crop_and_resize maps outside the input take extrapolation_value (a float32),
// converted to the element type as an interpolated result is.
#include <string>
#include <vector>

#include "ops/resample/resize_rules.h"
#include "runtime/error.h"
#include "runtime/scratch.h"
#include "runtime/tensor.h"

namespace onnx_ref::resample {

// Taps of an axis that is not resized: output i reads input i.
std::vector<OutputTaps> identity_taps(int64_t length);

// y of out_shape (already allocated, non-empty) from x; taps[d] has out_shape[d] entries.
void resample_into(const Tensor& x, Tensor& y, const std::vector<std::vector<OutputTaps>>& taps, bool interpolate,
                   float extrapolation_value);

// The output tensor of `out_shape` for x: allocated before any tap is computed (an absurd shape is
// refused here), empty when a length is 0; otherwise filled by resample_into with the taps that
// `make_taps(d)` gives for each axis.
template <class MakeTaps>
Tensor resample(const Tensor& x, const Shape& out_shape, bool interpolate, float extrapolation_value,
                MakeTaps&& make_taps);

// The attribute values as each version spells them; Error naming the value otherwise.
//   mode: "nearest", "linear" and, from Resize-11, "cubic"; Upsample-1 says "bilinear".
//   coordinate_transformation_mode: Resize-11 has tf_half_pixel_for_nn (Resize-13 drops it);
//   Resize-19 adds half_pixel_symmetric (Resize-18's text does not list it, so it is refused there).
ResizeMode parse_resize_mode(const std::string& text, bool has_cubic, const char* linear_name = "linear");
CoordinateMode parse_coordinate_mode(const std::string& text, int since);
NearestMode parse_nearest_mode(const std::string& text);

// Resize-10 and Upsample: every axis scaled by a float, floor(in * scale) long, with the
// asymmetric transform (x_original = x_resized / scale); nearest takes floor(x_original), which
// repeats each element `scale` times for whole scales; linear clamps at the edges.
Tensor resample_asymmetric(const Tensor& x, const std::vector<float>& scales, ResizeMode mode);

// Error unless linear or cubic can interpolate this element type (not bool, string or complex).
void check_interpolable(ElementType type, const char* mode_name);

template <class MakeTaps>
Tensor resample(const Tensor& x, const Shape& out_shape, bool interpolate, float extrapolation_value,
                MakeTaps&& make_taps) {
  if (!checked_element_count(out_shape))
    throw Error("the output shape " + shape_to_string(out_shape) + " overflows int64");
  Tensor y = Tensor::uninitialized(x.type(), out_shape);
  if (y.element_count() == 0) return y;
  // The per-axis tap tables: an entry per output position, with up to a few taps each (more when
  // antialiasing shrinks an axis, bounded by the input length). Each axis's entries are charged
  // before its table is built, its taps as they come out.
  std::vector<std::vector<OutputTaps>> taps;
  MemoryCharge taps_charge;
  for (size_t d = 0; d < out_shape.size(); ++d) {
    taps_charge.absorb(charge_scratch<OutputTaps>(static_cast<uint64_t>(out_shape[d]), "the resampling's tap tables"));
    taps.push_back(make_taps(d));
    uint64_t tap_count = 0;
    for (const OutputTaps& t : taps.back()) tap_count += t.taps.size();
    taps_charge.absorb(charge_scratch<Tap>(tap_count, "the resampling's tap tables"));
  }
  resample_into(x, y, taps, interpolate, extrapolation_value);
  return y;
}

}  // namespace onnx_ref::resample
