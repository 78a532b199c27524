// ONNX Resize, every version (10, 11, 13, 18, 19).
// Contract: nearest is exact (a copy of one input element); linear and cubic are rounded at named
// points: each per-axis weight is its exact rational value (x_original exact, the float32 scale and
// cubic_coeff_a as stored) rounded once to double, and each output is the exact sum over its taps
// of the product of those weights with the input element, rounded once to the element type
// (integers: to nearest even, saturated). Coordinates, ties and output lengths are exact
// (ops/resample/resize_rules.h, which also says how length_resized is read).
// onnx#4275: pytorch_half_pixel with length_resized <= 1 maps every output to x_original = 0, as the
// spec text writes it (ONNX's reference takes -0.5; the two agree for linear, not for cubic/nearest).
//   10: X, scales; mode nearest | linear; asymmetric coordinates, nearest takes the floor (as
//       Upsample, which it replaces).
//   11: + roi, sizes; cubic; coordinate_transformation_mode (with tf_half_pixel_for_nn),
//       nearest_mode, cubic_coeff_a, exclude_outside, extrapolation_value. An empty scales or
//       sizes tensor counts as absent; exactly one of them must be given.
//   13: roi and scales optional; bfloat16; tf_half_pixel_for_nn gone.
//   18: + antialias, axes, keep_aspect_ratio_policy.  19: + half_pixel_symmetric (refused at 18).
#include <algorithm>
#include <optional>
#include <set>
#include <string>

#include "ops/axis.h"
#include "ops/resample/register.h"
#include "ops/resample/resample_kernel.h"
#include "ops/type_sets.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

// An optional input that is given and not empty (the spec's "empty string" or an empty tensor).
const Tensor* resize_present_input(const KernelContext& ctx, size_t i) {
  if (!ctx.has_input(i)) return nullptr;
  const Tensor& t = ctx.input(i);
  return t.element_count() == 0 ? nullptr : &t;
}

void resize_check_1d(const Tensor& t, const char* name, size_t count, bool has_axes) {
  if (t.rank() != 1 || t.element_count() != static_cast<int64_t>(count))
    throw Error(std::string(name) + " must be a 1-D tensor of " + std::to_string(count) + " values (" +
                (has_axes ? "one per axis in 'axes'" : "one per axis of X") + "), got " + t.describe());
}

// Resize's attributes (11 on), parsed at load: every mode, flag and policy checked.
struct ResizeParams {
  resample::ResampleOptions options;
  float extrapolation = 0;
  std::string policy = "stretch";            // keep_aspect_ratio_policy (18 on)
  std::optional<std::vector<int64_t>> axes;  // 18 on; nullopt: every axis
};

ResizeParams parse_resize_params(const Attributes& a, int since) {
  ResizeParams p;
  resample::ResampleOptions& o = p.options;
  o.mode = resample::parse_resize_mode(std::get<std::string>(a.get("mode")), true);
  o.coordinate = resample::parse_coordinate_mode(std::get<std::string>(a.get("coordinate_transformation_mode")), since);
  o.nearest = resample::parse_nearest_mode(std::get<std::string>(a.get("nearest_mode")));
  o.cubic_a = std::get<float>(a.get("cubic_coeff_a"));
  o.exclude_outside = a.get_flag("exclude_outside");
  p.extrapolation = std::get<float>(a.get("extrapolation_value"));
  if (since >= 18) {
    o.antialias = a.get_flag("antialias");
    p.policy = std::get<std::string>(a.get("keep_aspect_ratio_policy"));
    if (p.policy != "stretch" && p.policy != "not_larger" && p.policy != "not_smaller")
      throw Error("attribute 'keep_aspect_ratio_policy' must be stretch, not_larger or not_smaller, got " +
                  quote_text(p.policy));
    if (a.has("axes")) p.axes = a.get_ints("axes");
  }
  return p;
}

std::vector<int64_t> resize_axes(const ResizeParams& params, int64_t rank) {
  std::vector<int64_t> axes;
  if (params.axes) {
    std::set<int64_t> seen;
    for (int64_t a : *params.axes) {
      const int64_t n = normalize_axis(a, rank, AxisRange::Signed, "axes value");
      if (!seen.insert(n).second) throw Error("axes repeats axis " + std::to_string(n));
      axes.push_back(n);
    }
  } else {
    for (int64_t d = 0; d < rank; ++d) axes.push_back(d);
  }
  return axes;
}

std::vector<Value> resize_v10(const KernelContext& ctx, resample::ResizeMode mode) {
  const Tensor& x = ctx.input(0);
  const Tensor& s = ctx.input(1);
  resize_check_1d(s, "scales", static_cast<size_t>(x.rank()), false);
  const std::vector<float> scales(s.data_as<float>(), s.data_as<float>() + s.element_count());
  return {resample::resample_asymmetric(x, scales, mode)};
}

std::vector<Value> resize_kernel(const KernelContext& ctx, const ResizeParams& params) {
  const Tensor& x = ctx.input(0);
  const int64_t rank = x.rank();
  const resample::ResampleOptions& o = params.options;
  const float extrapolation = params.extrapolation;
  const std::string& policy = params.policy;
  if (o.mode != resample::ResizeMode::Nearest)
    resample::check_interpolable(x.type(), o.mode == resample::ResizeMode::Linear ? "linear" : "cubic");

  const std::vector<int64_t> axes = resize_axes(params, rank);
  const bool has_axes = params.axes.has_value();
  const Tensor* scales = resize_present_input(ctx, 2);
  const Tensor* sizes = resize_present_input(ctx, 3);
  if (scales && sizes) throw Error("scales and sizes are both given; exactly one of them must be");
  if (!scales && !sizes) throw Error("neither scales nor sizes is given; exactly one of them must be");

  std::vector<resample::AxisResample> plan(axes.size());
  for (size_t i = 0; i < axes.size(); ++i) plan[i].in = x.shape()[static_cast<size_t>(axes[i])];
  if (scales) {
    resize_check_1d(*scales, "scales", axes.size(), has_axes);
    for (size_t i = 0; i < axes.size(); ++i) {
      const float s = scales->data_as<float>()[i];
      plan[i].out = resample::scaled_length(plan[i].in, s, static_cast<size_t>(axes[i]));
      plan[i].scale = resample::Scale::of_float(s);
    }
  } else {
    resize_check_1d(*sizes, "sizes", axes.size(), has_axes);
    std::vector<int64_t> in(axes.size()), want(axes.size());
    for (size_t i = 0; i < axes.size(); ++i) {
      in[i] = plan[i].in;
      want[i] = sizes->data_as<int64_t>()[i];
      if (want[i] < 0 || want[i] >= (int64_t{1} << 62))
        throw Error("sizes value " + std::to_string(want[i]) + " for axis " + std::to_string(axes[i]) +
                    " must be in [0, 2^62)");
    }
    if (policy == "stretch") {
      for (size_t i = 0; i < axes.size(); ++i) {
        plan[i].out = want[i];
        if (in[i] == 0 && want[i] != 0)
          throw Error("axis " + std::to_string(axes[i]) + " has length 0, which no scale resizes to " +
                      std::to_string(want[i]));
        plan[i].scale = in[i] == 0 ? resample::Scale::of_ratio(1, 1) : resample::Scale::of_ratio(want[i], in[i]);
      }
    } else {
      const resample::Scale s = resample::aspect_scale(in, want, policy == "not_larger");
      for (size_t i = 0; i < axes.size(); ++i) {
        plan[i].scale = s;
        plan[i].out = resample::aspect_length(in[i], s);
      }
    }
  }
  if (o.coordinate == resample::CoordinateMode::TfCropAndResize) {
    const Tensor* roi = resize_present_input(ctx, 1);
    if (!roi) throw Error("coordinate_transformation_mode tf_crop_and_resize needs the roi input");
    resize_check_1d(*roi, "roi", 2 * axes.size(), has_axes);
    for (size_t i = 0; i < axes.size(); ++i) {
      plan[i].roi_start = read_real(roi->type(), roi->data(), static_cast<int64_t>(i));
      plan[i].roi_end = read_real(roi->type(), roi->data(), static_cast<int64_t>(i + axes.size()));
      if (!std::isfinite(plan[i].roi_start) || !std::isfinite(plan[i].roi_end))
        throw Error("roi values for axis " + std::to_string(axes[i]) + " must be finite");
    }
  }

  Shape out_shape = x.shape();
  std::vector<int> plan_of(static_cast<size_t>(rank), -1);
  for (size_t i = 0; i < axes.size(); ++i) {
    out_shape[static_cast<size_t>(axes[i])] = plan[i].out;
    plan_of[static_cast<size_t>(axes[i])] = static_cast<int>(i);
  }
  return {resample::resample(x, out_shape, o.mode != resample::ResizeMode::Nearest, extrapolation, [&](size_t d) {
    const int p = plan_of[d];
    return p < 0 ? resample::identity_taps(out_shape[d]) : resample::axis_taps(plan[static_cast<size_t>(p)], o);
  })};
}

OpVersion resize_version(int since) {
  OpVersion v;
  v.op_type = "Resize";
  v.since_version = since;
  const TypeSet& data_types = since >= 13 ? type_sets::kAllTensorTypesIR4 : type_sets::kAllTensorTypes;
  const TypeConstraint float_input{"tensor(float)", TypeSet{ElementType::Float}, "tensor(float)"};
  if (since == 10) {
    v.inputs = {{"X", "T"}, {"scales", "tensor(float)"}};
    v.outputs = {{"Y", "T"}};
    v.attributes = {{"mode", AttrType::String, false, std::string("nearest")}};
    v.type_constraints = {{"T", data_types}, float_input};
    v.set_kernel(
        [](const Attributes& a) { return resample::parse_resize_mode(std::get<std::string>(a.get("mode")), false); },
        resize_v10);
    return v;
  }
  const auto optional_from_13 = since >= 13 ? ParamOption::Optional : ParamOption::Single;
  v.inputs = {{"X", "T1"},
              {"roi", "T2", optional_from_13},
              {"scales", "tensor(float)", optional_from_13},
              {"sizes", "tensor(int64)", ParamOption::Optional}};
  v.outputs = {{"Y", "T1"}};
  v.attributes = {{"coordinate_transformation_mode", AttrType::String, false, std::string("half_pixel")},
                  {"cubic_coeff_a", AttrType::Float, false, -0.75f},
                  {"exclude_outside", AttrType::Int, false, int64_t{0}},
                  {"extrapolation_value", AttrType::Float, false, 0.0f},
                  {"mode", AttrType::String, false, std::string("nearest")},
                  {"nearest_mode", AttrType::String, false, std::string("round_prefer_floor")}};
  if (since >= 18) {
    v.attributes.push_back({"antialias", AttrType::Int, false, int64_t{0}});
    v.attributes.push_back({"axes", AttrType::Ints});
    v.attributes.push_back({"keep_aspect_ratio_policy", AttrType::String, false, std::string("stretch")});
  }
  v.type_constraints = {{"T1", data_types},
                        {"T2", type_sets::kFloats},
                        float_input,
                        {"tensor(int64)", type_sets::kInt64, "tensor(int64)"}};
  v.set_kernel([since](const Attributes& a) { return parse_resize_params(a, since); }, resize_kernel);
  return v;
}

}  // namespace

void register_resize(Registry& registry) {
  for (int since : {10, 11, 13, 18, 19}) registry.add(resize_version(since));
  registry.declare_accuracy("Resize", {AccuracyKind::RoundedAtNamedPoints,
                                       "nearest: an input element copied; linear and cubic: each weight rounded once "
                                       "to double, the exact weighted sum rounded once to T"});
}

}  // namespace onnx_ref
