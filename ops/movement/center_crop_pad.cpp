// ONNX CenterCropPad, every version (18). Exact: data movement only, by element size.
//
// Along each named axis the output has the length `shape` gives: a longer input is cropped to a
// window starting at floor((d - s) / 2), a shorter one is padded with zeros (false, empty strings),
// floor((s - d) / 2) in front and the rest behind, as the spec says. Unnamed axes keep their length.
// shape must be 1-D with one entry per named axis (all axes without `axes`), every entry
// non-negative; a repeated axis is refused (the spec leaves it undefined).
#include <algorithm>
#include <set>
#include <string>

#include "ops/axis.h"
#include "ops/movement/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

// axes, parsed at load (nullopt: every axis); normalized against the input's rank per call.
std::optional<std::vector<int64_t>> parse_center_crop_pad_axes(const Attributes& attrs) {
  if (!attrs.has("axes")) return std::nullopt;
  return attrs.get_ints("axes");
}

std::vector<Value> center_crop_pad_kernel(const KernelContext& ctx,
                                          const std::optional<std::vector<int64_t>>& given_axes) {
  const Tensor& x = ctx.input(0);
  const Tensor& lengths = ctx.input(1);
  const int64_t rank = x.rank();
  std::vector<int64_t> axes;
  if (given_axes) {
    std::set<int64_t> seen;
    const auto& given = *given_axes;
    for (size_t i = 0; i < given.size(); ++i) {
      const int64_t a = normalize_axis(given[i], rank, AxisRange::Signed, ("axes[" + std::to_string(i) + "]").c_str());
      if (!seen.insert(a).second) throw Error("axes[" + std::to_string(i) + "] repeats axis " + std::to_string(a));
      axes.push_back(a);
    }
  } else {
    for (int64_t a = 0; a < rank; ++a) axes.push_back(a);
  }
  if (lengths.rank() != 1 || lengths.shape()[0] != static_cast<int64_t>(axes.size()))
    throw Error("shape is " + lengths.describe() + " but " + std::to_string(axes.size()) +
                " axes are cropped or padded; it must be 1-D with " + std::to_string(axes.size()) + " entries");
  const Shape& in_shape = x.shape();
  Shape out_shape = in_shape;
  // offset[d]: the input index that output index 0 reads along axis d (negative: padding first).
  std::vector<int64_t> offset(static_cast<size_t>(rank), 0);
  for (size_t i = 0; i < axes.size(); ++i) {
    const int64_t s = read_int64(lengths.type(), lengths.data(), static_cast<int64_t>(i));
    if (s < 0) throw Error("shape[" + std::to_string(i) + "] = " + std::to_string(s) + " is negative");
    const auto a = static_cast<size_t>(axes[i]);
    const int64_t d = in_shape[a];
    out_shape[a] = s;
    offset[a] = d >= s ? (d - s) / 2 : -((s - d) / 2);
  }
  Tensor out = x.is_string() ? Tensor::uninitialized(x.type(), out_shape) : Tensor::zeros(x.type(), out_shape);
  // The output box that reads the input: [lo, hi) along each axis.
  std::vector<int64_t> lo(static_cast<size_t>(rank)), hi(static_cast<size_t>(rank));
  for (size_t d = 0; d < static_cast<size_t>(rank); ++d) {
    lo[d] = std::max<int64_t>(0, -offset[d]);
    hi[d] = std::min<int64_t>(out_shape[d], in_shape[d] - offset[d]);
    if (lo[d] >= hi[d]) return {out};
  }
  if (rank == 0) {
    copy_elements(x, 0, out, 0, 1);
    return {out};
  }
  const size_t last = static_cast<size_t>(rank) - 1;
  std::vector<int64_t> at(lo.begin(), lo.end());  // output index, the last axis at lo
  while (true) {
    int64_t src = 0, dst = 0;
    for (size_t d = 0; d <= last; ++d) {
      src = src * in_shape[d] + at[d] + offset[d];
      dst = dst * out_shape[d] + at[d];
    }
    copy_elements(x, src, out, dst, hi[last] - lo[last]);
    size_t d = last;
    while (d-- > 0) {
      if (++at[d] < hi[d]) break;
      at[d] = lo[d];
    }
    if (d == static_cast<size_t>(-1)) break;
  }
  return {out};
}

}  // namespace

void register_center_crop_pad(Registry& registry) {
  OpVersion v;
  v.op_type = "CenterCropPad";
  v.since_version = 18;
  v.inputs = {{"input_data", "T"}, {"shape", "Tind"}};
  v.outputs = {{"output_data", "T"}};
  v.attributes = {{"axes", AttrType::Ints}};
  v.type_constraints = {{"T", type_sets::kWithBFloat16}, {"Tind", type_sets::kInt32Int64}};
  v.set_kernel(parse_center_crop_pad_axes, center_crop_pad_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("CenterCropPad", {AccuracyKind::Exact, "input elements or zeros, copied bit for bit"});
}

}  // namespace onnx_ref
