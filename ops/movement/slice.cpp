// ONNX Slice, every version (1, 10, 11, 13).
//   1: `starts`, `ends` and optional `axes` attributes; step 1.
//  10: starts, ends, axes and steps as inputs (int32 or int64); negative steps slice backward.
//  11: negative axes count from the back.
//  13: + bfloat16.
// The index rule is slice_range (ops/movement/slice.h). The kernel copies contiguous runs where the
// innermost sliced dimensions are taken whole or with step 1, strided gathers elsewhere.
#include "ops/movement/slice.h"

#include <set>

#include "ops/axis.h"
#include "ops/movement/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"

namespace onnx_ref {

SliceRange slice_range(int64_t dim, int64_t start, int64_t end, int64_t step) {
  if (step == 0) throw Error("steps cannot be 0");
  using I = __int128;
  I s = start, e = end;
  const I d = dim;
  if (s < 0) s += d;
  if (e < 0) e += d;
  if (step > 0) {
    s = std::max<I>(0, std::min<I>(s, d));
    e = std::max<I>(0, std::min<I>(e, d));
  } else {
    s = std::max<I>(0, std::min<I>(s, d - 1));
    e = std::max<I>(-1, std::min<I>(e, d - 1));
  }
  const I st = step;
  I count = st > 0 ? (e - s + st - 1) / st : (s - e + (-st) - 1) / (-st);
  if (count < 0 || dim == 0) count = 0;
  return {static_cast<int64_t>(s), step, static_cast<int64_t>(count)};
}

namespace {

std::vector<int64_t> read_index_list(const Tensor& t, const char* what) {
  if (t.rank() != 1) throw Error(std::string(what) + " must be 1-D, but it is " + t.describe());
  std::vector<int64_t> v(static_cast<size_t>(t.element_count()));
  for (int64_t i = 0; i < t.element_count(); ++i) v[static_cast<size_t>(i)] = read_int64(t.type(), t.data(), i);
  return v;
}

Tensor slice(const Tensor& data, const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
             const std::optional<std::vector<int64_t>>& axes_given,
             const std::optional<std::vector<int64_t>>& steps_given, AxisRange range) {
  const int64_t rank = data.rank();
  if (ends.size() != starts.size())
    throw Error("starts has " + std::to_string(starts.size()) + " entries but ends has " + std::to_string(ends.size()));
  std::vector<int64_t> axes;
  if (axes_given) {
    if (axes_given->size() != starts.size())
      throw Error("axes has " + std::to_string(axes_given->size()) + " entries but starts has " +
                  std::to_string(starts.size()));
    std::set<int64_t> seen;
    for (size_t i = 0; i < axes_given->size(); ++i) {
      const int64_t a = normalize_axis((*axes_given)[i], rank, range, ("axes[" + std::to_string(i) + "]").c_str());
      if (!seen.insert(a).second) throw Error("axes[" + std::to_string(i) + "] repeats axis " + std::to_string(a));
      axes.push_back(a);
    }
  } else {
    if (static_cast<int64_t>(starts.size()) > rank)
      throw Error("starts has " + std::to_string(starts.size()) + " entries but the data has rank " +
                  std::to_string(rank));
    for (size_t i = 0; i < starts.size(); ++i) axes.push_back(static_cast<int64_t>(i));
  }
  if (steps_given && steps_given->size() != starts.size())
    throw Error("steps has " + std::to_string(steps_given->size()) + " entries but starts has " +
                std::to_string(starts.size()));

  const Shape& shape = data.shape();
  std::vector<SliceRange> ranges(static_cast<size_t>(rank));
  for (int64_t d = 0; d < rank; ++d) ranges[static_cast<size_t>(d)] = {0, 1, shape[static_cast<size_t>(d)]};
  for (size_t i = 0; i < axes.size(); ++i) {
    const int64_t step = steps_given ? (*steps_given)[i] : 1;
    if (step == 0) throw Error("steps[" + std::to_string(i) + "] is 0");
    ranges[static_cast<size_t>(axes[i])] = slice_range(shape[static_cast<size_t>(axes[i])], starts[i], ends[i], step);
  }
  Shape out_shape;
  for (const auto& r : ranges) out_shape.push_back(r.count);
  Tensor out = Tensor::uninitialized(data.type(), out_shape);
  if (out.element_count() == 0) return out;

  // Input strides; then the innermost dimensions taken whole fold into one run, and so does the
  // dimension before them when its step is 1.
  std::vector<int64_t> strides(static_cast<size_t>(rank), 1);
  for (int64_t d = rank - 1; d > 0; --d)
    strides[static_cast<size_t>(d - 1)] = strides[static_cast<size_t>(d)] * shape[static_cast<size_t>(d)];
  int64_t inner = 1;
  int64_t last = rank;  // dimensions [last, rank) are taken whole
  while (last > 0) {
    const auto& r = ranges[static_cast<size_t>(last - 1)];
    if (r.start != 0 || r.step != 1 || r.count != shape[static_cast<size_t>(last - 1)]) break;
    inner *= r.count;
    --last;
  }
  if (last == 0) {
    copy_elements(data, 0, out, 0, out.element_count());
    return out;
  }
  // Dimension last-1 is the row: `count` items of `inner` elements, `step` items apart.
  const auto& row = ranges[static_cast<size_t>(last - 1)];
  const int64_t row_stride = strides[static_cast<size_t>(last - 1)] * row.step;
  std::vector<int64_t> counter(static_cast<size_t>(last - 1), 0);
  int64_t src = row.start * strides[static_cast<size_t>(last - 1)];
  for (int64_t d = 0; d < last - 1; ++d) src += ranges[static_cast<size_t>(d)].start * strides[static_cast<size_t>(d)];
  const int64_t row_elements = row.count * inner;
  for (int64_t dst = 0; dst < out.element_count(); dst += row_elements) {
    if (row.step == 1 || inner > 1) {
      if (row.step == 1)
        copy_elements(data, src, out, dst, row_elements);
      else
        for (int64_t k = 0; k < row.count; ++k) copy_elements(data, src + k * row_stride, out, dst + k * inner, inner);
    } else {
      gather_strided(data, src, row_stride, out, dst, row.count);
    }
    for (int64_t d = last - 2; d >= 0; --d) {
      const auto du = static_cast<size_t>(d);
      const int64_t step = ranges[du].step * strides[du];
      if (++counter[du] < ranges[du].count) {
        src += step;
        break;
      }
      src -= step * (ranges[du].count - 1);
      counter[du] = 0;
    }
  }
  return out;
}

// Slice-1's starts, ends and axes, parsed at load; they are checked against the input per call.
struct SliceV1Params {
  std::vector<int64_t> starts, ends;
  std::optional<std::vector<int64_t>> axes;
};

SliceV1Params parse_slice_v1(const Attributes& attrs) {
  SliceV1Params p{attrs.get_ints("starts"), attrs.get_ints("ends"), std::nullopt};
  if (attrs.has("axes")) p.axes = attrs.get_ints("axes");
  return p;
}

std::vector<Value> slice_v1(const KernelContext& ctx, const SliceV1Params& p) {
  return {slice(ctx.input(0), p.starts, p.ends, p.axes, std::nullopt, AxisRange::NonNegative)};
}

Kernel slice_from_inputs(AxisRange range) {
  return [range](const KernelContext& ctx) -> std::vector<Value> {
    std::optional<std::vector<int64_t>> axes, steps;
    if (ctx.has_input(3)) axes = read_index_list(ctx.input(3), "axes");
    if (ctx.has_input(4)) steps = read_index_list(ctx.input(4), "steps");
    return {slice(ctx.input(0), read_index_list(ctx.input(1), "starts"), read_index_list(ctx.input(2), "ends"), axes,
                  steps, range)};
  };
}

OpVersion slice_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Slice";
  v.since_version = since;
  v.outputs = {{"output", "T"}};
  v.type_constraints = {{"T", types}};
  if (since == 1) {
    v.inputs = {{"data", "T"}};
    v.attributes = {{"axes", AttrType::Ints}, {"ends", AttrType::Ints, true}, {"starts", AttrType::Ints, true}};
    v.set_kernel(parse_slice_v1, slice_v1);
    return v;
  }
  v.inputs = {{"data", "T"},
              {"starts", "Tind"},
              {"ends", "Tind"},
              {"axes", "Tind", ParamOption::Optional},
              {"steps", "Tind", ParamOption::Optional}};
  v.type_constraints.push_back({"Tind", type_sets::kInt32Int64});
  v.kernel = slice_from_inputs(since >= 11 ? AxisRange::Signed : AxisRange::NonNegative);
  return v;
}

}  // namespace

void register_slice(Registry& registry) {
  using namespace type_sets;
  registry.add(slice_version(1, kClassic));
  registry.add(slice_version(10, kClassic));       // starts, ends, axes, steps as inputs
  registry.add(slice_version(11, kClassic));       // + negative axes
  registry.add(slice_version(13, kWithBFloat16));  // + bfloat16
  registry.declare_accuracy("Slice", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
