// ONNX Gather, every version (1, 11, 13).
//   1: indices within [0, d-1]; the axis may be negative.
//  11: negative indices count from the back.
//  13: + bfloat16.
// Output shape: data.shape[:axis] + indices.shape + data.shape[axis+1:]. Each gathered slice
// (everything after the axis) is one contiguous copy, so gathering rows runs at memcpy speed.
#include "ops/axis.h"
#include "ops/indexing/index_rules.h"
#include "ops/indexing/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// The kernel takes `axis`, parsed at load.
auto gather_kernel(bool negative_indices) {
  return [negative_indices](const KernelContext& ctx, int64_t axis_attr) -> std::vector<Value> {
    const Tensor& data = ctx.input(0);
    const Tensor& indices = ctx.input(1);
    const auto axis = static_cast<size_t>(normalize_axis(axis_attr, data.rank(), AxisRange::Signed));
    const Shape& ds = data.shape();
    Shape out_shape(ds.begin(), ds.begin() + static_cast<std::ptrdiff_t>(axis));
    out_shape.insert(out_shape.end(), indices.shape().begin(), indices.shape().end());
    out_shape.insert(out_shape.end(), ds.begin() + static_cast<std::ptrdiff_t>(axis) + 1, ds.end());
    if (!checked_element_count(out_shape))
      throw Error("the output shape " + shape_to_string(out_shape) + " overflows int64");
    // Every index is checked before anything is allocated or copied.
    const int64_t n = indices.element_count();
    const MemoryCharge idx_charge = charge_scratch<int64_t>(static_cast<uint64_t>(n), "Gather's index table");
    std::vector<int64_t> idx(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) idx[static_cast<size_t>(i)] = checked_index(indices, i, ds[axis], negative_indices);
    Tensor out = Tensor::uninitialized(data.type(), out_shape);
    int64_t outer = 1, inner = 1;
    for (size_t d = 0; d < axis; ++d) outer *= ds[d];
    for (size_t d = axis + 1; d < ds.size(); ++d) inner *= ds[d];
    const int64_t in_block = ds[axis] * inner;
    int64_t dst = 0;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < n; ++i, dst += inner)
        copy_elements(data, o * in_block + idx[static_cast<size_t>(i)] * inner, out, dst, inner);
    return {out};
  };
}

OpVersion gather_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Gather";
  v.since_version = since;
  v.inputs = {{"data", "T"}, {"indices", "Tind"}};
  v.outputs = {{"output", "T"}};
  v.attributes = {{"axis", AttrType::Int, false, int64_t{0}}};
  v.type_constraints = {{"T", types}, {"Tind", type_sets::kInt32Int64}};
  v.set_kernel([](const Attributes& attrs) { return attrs.get_int("axis"); }, gather_kernel(since >= 11));
  return v;
}

}  // namespace

void register_gather(Registry& registry) {
  using namespace type_sets;
  registry.add(gather_version(1, kClassic));
  registry.add(gather_version(11, kClassic));       // + negative indices
  registry.add(gather_version(13, kWithBFloat16));  // + bfloat16
  registry.declare_accuracy("Gather", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
