// The reduction engine: axis rules, the layout that makes each output element a contiguous run, and
// the Reduce* version builder. What each reduction computes is in ops/reduce/accumulators.h.
#include "ops/reduce/reduction.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>

#include "ops/shape_input.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

std::vector<int64_t> normalize_reduce_axes(std::span<const int64_t> axes, int64_t rank, bool negative_allowed) {
  std::vector<int64_t> out;
  std::vector<int64_t> seen_at(static_cast<size_t>(rank), -1);
  for (size_t i = 0; i < axes.size(); ++i) {
    const int64_t a = axes[i];
    const bool in_range = negative_allowed ? (a >= -rank && a < rank) : (a >= 0 && a < rank);
    if (!in_range) {
      const std::string valid = rank == 0          ? "none: the input is a scalar"
                                : negative_allowed ? std::to_string(-rank) + " to " + std::to_string(rank - 1)
                                                   : "0 to " + std::to_string(rank - 1);
      throw Error("axes[" + std::to_string(i) + "] = " + std::to_string(a) + " is out of range for an input of rank " +
                  std::to_string(rank) + " (valid: " + valid + ")");
    }
    const int64_t n = a < 0 ? a + rank : a;
    if (seen_at[static_cast<size_t>(n)] >= 0)
      throw Error("axes[" + std::to_string(seen_at[static_cast<size_t>(n)]) + "] and axes[" + std::to_string(i) +
                  "] both name axis " + std::to_string(n) + "; an axis may be reduced only once");
    seen_at[static_cast<size_t>(n)] = static_cast<int64_t>(i);
    out.push_back(n);
  }
  std::sort(out.begin(), out.end());
  return out;
}

namespace {
// Whether axis d is reduced: every axis when `axes` is empty.
std::vector<bool> reduced_mask(size_t rank, std::span<const int64_t> axes) {
  std::vector<bool> mask(rank, axes.empty());
  for (int64_t a : axes) mask[static_cast<size_t>(a)] = true;
  return mask;
}
}  // namespace

Shape reduce_output_shape(const Shape& input, std::span<const int64_t> axes, bool keepdims) {
  const std::vector<bool> mask = reduced_mask(input.size(), axes);
  Shape out;
  for (size_t d = 0; d < input.size(); ++d) {
    if (!mask[d])
      out.push_back(input[d]);
    else if (keepdims)
      out.push_back(1);
  }
  return out;
}

namespace {

// A copy of `data` with its axes in the order `perm` (contiguous).
Tensor permuted_copy(const Tensor& data, const std::vector<size_t>& perm) {
  const Shape& in = data.shape();
  const size_t r = in.size();
  std::vector<int64_t> strides(r, 1);
  for (size_t d = r; d-- > 1;) strides[d - 1] = strides[d] * in[d];
  Shape shape(r);
  for (size_t k = 0; k < r; ++k) shape[k] = in[perm[k]];
  Tensor out = Tensor::uninitialized(data.type(), shape);
  if (out.element_count() == 0) return out;
  const int64_t inner = shape[r - 1], inner_stride = strides[perm[r - 1]];
  std::vector<int64_t> idx(r, 0);
  int64_t src = 0, dst = 0;
  while (true) {
    gather_strided(data, src, inner_stride, out, dst, inner);
    dst += inner;
    size_t k = r - 1;
    for (; k-- > 0;) {
      ++idx[k];
      src += strides[perm[k]];
      if (idx[k] < shape[k]) break;
      src -= strides[perm[k]] * shape[k];
      idx[k] = 0;
    }
    if (k == static_cast<size_t>(-1)) break;
  }
  return out;
}

}  // namespace

Tensor reduce_tensor(const Tensor& data, std::span<const int64_t> axes, bool keepdims, const RowKernel& kernel) {
  const Shape& in = data.shape();
  const std::vector<bool> mask = reduced_mask(in.size(), axes);
  Tensor out = Tensor::uninitialized(data.type(), reduce_output_shape(in, axes, keepdims));
  // Kept axes first, reduced axes last: each output element is then one contiguous run.
  std::vector<size_t> perm;
  int64_t run = 1;
  for (size_t d = 0; d < in.size(); ++d)
    if (!mask[d]) perm.push_back(d);
  for (size_t d = 0; d < in.size(); ++d)
    if (mask[d]) {
      perm.push_back(d);
      run *= in[d];
    }
  // Axes of size 1 do not change the order of elements; the copy is needed only when the rest are
  // out of order.
  bool in_order = true;
  size_t last = 0;
  bool any = false;
  for (size_t d : perm) {
    if (in[d] == 1) continue;
    if (any && d < last) in_order = false;
    last = d;
    any = true;
  }
  const int64_t rows = out.element_count();
  if (rows == 0) return out;
  const Tensor source = in_order || run == 0 ? data : permuted_copy(data, perm);
  kernel(source, rows, run, out);
  return out;
}

// ------------------------------------------------------------------------------------------------
// Operator versions

namespace {

// ReduceSum-1 and ReduceProd-1 do not state an axis range; ONNX's own shape inference for them
// counts a negative axis from the back, as version 11 spells out, so every version takes [-r, r-1].
// A Reduce* node's attributes, parsed at load (keepdims and noop_with_empty_axes 0 or 1).
struct ReduceParams {
  std::vector<int64_t> axes;  // the attribute (versions before 18); empty when not set
  bool keepdims = true;
  bool noop_with_empty_axes = false;
};

ReduceParams parse_reduce_params(const Attributes& attrs, bool axes_input) {
  ReduceParams params;
  params.keepdims = attrs.get_flag("keepdims");
  if (axes_input)
    params.noop_with_empty_axes = attrs.get_flag("noop_with_empty_axes");
  else if (attrs.has("axes"))
    params.axes = attrs.get_ints("axes");
  return params;
}

std::vector<Value> reduce_with_axes_attribute(const KernelContext& ctx, const ReduceParams& params,
                                              const RowKernel& kernel) {
  const Tensor& data = ctx.input(0);
  // An empty `axes` list, set or not, reduces every axis (the spec's default).
  const std::vector<int64_t> axes = normalize_reduce_axes(params.axes, data.rank(), true);
  return {reduce_tensor(data, axes, params.keepdims, kernel)};
}

std::vector<Value> reduce_with_axes_input(const KernelContext& ctx, const ReduceParams& params, const RowKernel& kernel,
                                          bool composite) {
  const Tensor& data = ctx.input(0);
  std::vector<int64_t> axes;
  if (ctx.has_input(1)) {
    const Tensor& a = ctx.input(1);
    if (a.rank() != 1) throw Error("the axes input must be 1-D, but it is " + a.describe());
    axes = normalize_reduce_axes(read_shape_input(a), data.rank(), true);
  }
  // Absent or empty axes: every axis, or nothing at all under noop_with_empty_axes = 1.
  if (axes.empty() && params.noop_with_empty_axes) {
    if (!composite || data.element_count() == 0) return {data};
    Tensor out = Tensor::uninitialized(data.type(), data.shape());
    kernel(data, out.element_count(), 1, out);  // every element a row of one
    return {out};
  }
  return {reduce_tensor(data, axes, params.keepdims, kernel)};
}

}  // namespace

OpVersion make_reduce_version(const std::string& op_type, int since_version, const TypeSet& types, bool axes_input,
                              RowKernel kernel, bool composite) {
  OpVersion v;
  v.op_type = op_type;
  v.since_version = since_version;
  v.outputs = {{"reduced", "T"}};
  if (axes_input) {
    v.inputs = {{"data", "T"}, {"axes", "tensor(int64)", ParamOption::Optional}};
    v.attributes = {{"keepdims", AttrType::Int, false, int64_t{1}},
                    {"noop_with_empty_axes", AttrType::Int, false, int64_t{0}}};
    v.type_constraints = {{"T", types}, {"tensor(int64)", type_sets::kInt64, "tensor(int64)"}};
    v.set_kernel([](const Attributes& attrs) { return parse_reduce_params(attrs, true); },
                 [kernel, composite](const KernelContext& ctx, const ReduceParams& params) {
                   return reduce_with_axes_input(ctx, params, kernel, composite);
                 });
  } else {
    v.inputs = {{"data", "T"}};
    v.attributes = {{"axes", AttrType::Ints, false}, {"keepdims", AttrType::Int, false, int64_t{1}}};
    v.type_constraints = {{"T", types}};
    v.set_kernel([](const Attributes& attrs) { return parse_reduce_params(attrs, false); },
                 [kernel](const KernelContext& ctx, const ReduceParams& params) {
                   return reduce_with_axes_attribute(ctx, params, kernel);
                 });
  }
  return v;
}

void add_reduce_ladder_1_11_13_18(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                                  const TypeSet& classic, const RowKernel& kernel, bool composite) {
  const TypeSet with_bfloat16 = classic.with({ElementType::BFloat16});
  registry.add(make_reduce_version(op_type, 1, classic, false, kernel));
  registry.add(make_reduce_version(op_type, 11, classic, false, kernel));  // the axis range is stated
  registry.add(make_reduce_version(op_type, 13, with_bfloat16, false, kernel));
  registry.add(make_reduce_version(op_type, 18, with_bfloat16, true, kernel, composite));
  registry.declare_accuracy(op_type, accuracy);
}

}  // namespace onnx_ref
