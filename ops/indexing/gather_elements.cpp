// ONNX GatherElements, every version (11, 13; 13 adds bfloat16).
// indices has data's rank; every dimension but the axis is at most data's; the output has indices'
// shape and out[i][j][k] = data[index][j][k] (axis 0), data[i][index][k] (axis 1), ... Negative
// indices count from the back.
#include "ops/axis.h"
#include "ops/indexing/index_rules.h"
#include "ops/indexing/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/multi_index.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

std::vector<Value> gather_elements(const KernelContext& ctx, int64_t axis_attr) {
  const Tensor& data = ctx.input(0);
  const Tensor& indices = ctx.input(1);
  const int64_t rank = data.rank();
  const auto axis = static_cast<size_t>(normalize_axis(axis_attr, rank, AxisRange::Signed));
  if (indices.rank() != rank)
    throw Error("indices " + indices.describe() + " must have the rank of data " + data.describe());
  for (size_t d = 0; d < static_cast<size_t>(rank); ++d)
    if (d != axis && indices.shape()[d] > data.shape()[d])
      throw Error("indices " + indices.describe() + " is larger than data " + data.describe() + " in dimension " +
                  std::to_string(d));
  const int64_t n = indices.element_count();
  const MemoryCharge idx_charge = charge_scratch<int64_t>(static_cast<uint64_t>(n), "GatherElements' index table");
  std::vector<int64_t> idx(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) idx[static_cast<size_t>(i)] = checked_index(indices, i, data.shape()[axis], true);
  Tensor out = Tensor::uninitialized(data.type(), indices.shape());
  const auto ds = row_major_strides(data.shape());
  MultiIndex at(indices.shape());
  for (int64_t i = 0; i < n; ++i, at.next()) {
    int64_t src = 0;
    for (size_t d = 0; d < static_cast<size_t>(rank); ++d)
      src += (d == axis ? idx[static_cast<size_t>(i)] : at[d]) * ds[d];
    copy_elements(data, src, out, i, 1);
  }
  return {out};
}

OpVersion gather_elements_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "GatherElements";
  v.since_version = since;
  v.inputs = {{"data", "T"}, {"indices", "Tind"}};
  v.outputs = {{"output", "T"}};
  v.attributes = {{"axis", AttrType::Int, false, int64_t{0}}};
  v.type_constraints = {{"T", types}, {"Tind", type_sets::kInt32Int64}};
  v.set_kernel([](const Attributes& attrs) { return attrs.get_int("axis"); }, gather_elements);
  return v;
}

}  // namespace

void register_gather_elements(Registry& registry) {
  registry.add(gather_elements_version(11, type_sets::kClassic));
  registry.add(gather_elements_version(13, type_sets::kWithBFloat16));
  registry.declare_accuracy("GatherElements", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
