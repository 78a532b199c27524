// ONNX Upsample, every version (1, 7, 9, 10; 10 is deprecated and still runs).
// Contract: nearest is exact (a copy of one input element); linear (Upsample-1: bilinear) is rounded
// at named points, as Resize's: each per-axis weight exact, rounded once to double, and each output
// the exact weighted sum rounded once to the element type (integers: to nearest even, saturated).
// Each axis is floor(in * scale) long and uses x_original = x_resized / scale (the asymmetric
// transform); nearest takes floor(x_original), so a whole scale repeats each element `scale`
// times, and linear reads the last element beyond the end (ops/resample/resample_kernel.h).
// Scales must be at least 1, as every version says.
//   1: 4-D NCHW input, height_scale and width_scale; mode nearest | bilinear.
//   7: scales attribute, one per axis; mode nearest | linear.  9, 10: scales as an input.
#include "ops/resample/register.h"
#include "ops/resample/resample_kernel.h"
#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

Tensor upsample_run(const Tensor& x, const std::vector<float>& scales, resample::ResizeMode mode) {
  for (size_t d = 0; d < scales.size(); ++d)
    if (!(scales[d] >= 1.0f))
      throw Error("scale " + std::to_string(scales[d]) + " for axis " + std::to_string(d) + " must be at least 1");
  return resample::resample_asymmetric(x, scales, mode);
}

// The mode and (before Upsample-9, which takes them as an input) the scales, parsed at load.
struct UpsampleParams {
  resample::ResizeMode mode;
  std::vector<float> scales;
};

UpsampleParams parse_upsample_params(const Attributes& a, int since) {
  UpsampleParams p{
      resample::parse_resize_mode(std::get<std::string>(a.get("mode")), false, since == 1 ? "bilinear" : "linear"), {}};
  if (since == 1)
    p.scales = {1.0f, 1.0f, std::get<float>(a.get("height_scale")), std::get<float>(a.get("width_scale"))};
  else if (since == 7)
    p.scales = std::get<std::vector<float>>(a.get("scales"));
  return p;
}

std::vector<Value> upsample_kernel(const KernelContext& ctx, const UpsampleParams& params, int since) {
  const Tensor& x = ctx.input(0);
  const resample::ResizeMode mode = params.mode;
  std::vector<float> scales;
  if (since == 1) {
    if (x.rank() != 4) throw Error("X must be 4-D (N, C, H, W), got " + x.describe());
    scales = params.scales;
  } else if (since == 7) {
    scales = params.scales;
  } else {
    const Tensor& s = ctx.input(1);
    if (s.rank() != 1) throw Error("scales must be a 1-D tensor, got " + s.describe());
    scales.assign(s.data_as<float>(), s.data_as<float>() + s.element_count());
  }
  return {upsample_run(x, scales, mode)};
}

OpVersion upsample_version(int since) {
  OpVersion v;
  v.op_type = "Upsample";
  v.since_version = since;
  v.deprecated = since == 10;
  v.inputs = {{"X", "T"}};
  if (since >= 9) v.inputs.push_back({"scales", "tensor(float)"});
  v.outputs = {{"Y", "T"}};
  v.attributes = {{"mode", AttrType::String, false, std::string("nearest")}};
  if (since == 1) {
    v.attributes.push_back({"height_scale", AttrType::Float, true});
    v.attributes.push_back({"width_scale", AttrType::Float, true});
  }
  if (since == 7) v.attributes.push_back({"scales", AttrType::Floats, true});
  const TypeSet types = since == 1 ? TypeSet{ElementType::Bool,    ElementType::Double, ElementType::Float,
                                             ElementType::Float16, ElementType::Int32,  ElementType::Int64}
                                   : type_sets::kAllTensorTypes;
  v.type_constraints = {{"T", types}};
  if (since >= 9) v.type_constraints.push_back({"tensor(float)", TypeSet{ElementType::Float}, "tensor(float)"});
  v.set_kernel(
      [since](const Attributes& a) { return parse_upsample_params(a, since); },
      [since](const KernelContext& ctx, const UpsampleParams& params) { return upsample_kernel(ctx, params, since); });
  return v;
}

}  // namespace

void register_upsample(Registry& registry) {
  for (int since : {1, 7, 9, 10}) registry.add(upsample_version(since));
  registry.declare_accuracy("Upsample", {AccuracyKind::RoundedAtNamedPoints,
                                         "nearest: an input element copied; linear: each weight rounded once to "
                                         "double, the exact weighted sum rounded once to T"});
}

}  // namespace onnx_ref
