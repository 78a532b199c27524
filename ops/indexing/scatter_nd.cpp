// ONNX ScatterND, every version (11; 13 adds bfloat16; 16 adds `reduction` none/add/mul; 18 adds
// max/min). The output is a copy of data where each index tuple of indices (int64, last dimension k
// <= rank of data) receives the matching slice of updates (shape indices.shape[:-1] +
// data.shape[k:]). Negative indices count from the back. The spec leaves repeated index tuples
// undefined with reduction none; onnx-ref applies the updates in index order, so the last one wins.
#include "ops/indexing/index_rules.h"
#include "ops/indexing/register.h"
#include "ops/indexing/scatter_reduction.h"
#include "ops/type_sets.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

// `reduction`, parsed at load (none before ScatterND-16).
ScatterReduction parse_scatter_nd_reduction(const Attributes& attrs, int since) {
  return since >= 16 ? parse_scatter_reduction(std::get<std::string>(attrs.get("reduction")), since)
                     : ScatterReduction::None;
}

std::vector<Value> scatter_nd(const KernelContext& ctx, ScatterReduction reduction) {
  const Tensor& data = ctx.input(0);
  const Tensor& indices = ctx.input(1);
  const Tensor& updates = ctx.input(2);
  const int64_t r = data.rank(), q = indices.rank();
  if (r < 1) throw Error("data must have rank 1 or more, but it is " + data.describe());
  if (q < 1) throw Error("indices must have rank 1 or more, but it is " + indices.describe());
  const Shape& ds = data.shape();
  const Shape& is = indices.shape();
  const int64_t k = is.back();
  if (k < 1 || k > r)
    throw Error("the last dimension of indices " + indices.describe() + " is " + std::to_string(k) +
                "; it must lie in [1, " + std::to_string(r) + "]");
  Shape expected(is.begin(), is.end() - 1);
  expected.insert(expected.end(), ds.begin() + k, ds.end());
  if (updates.shape() != expected)
    throw Error("updates is " + updates.describe() + " but indices " + indices.describe() + " and data " +
                data.describe() + " call for the shape " + shape_to_string(expected));
  int64_t inner = 1;
  for (int64_t d = k; d < r; ++d) inner *= ds[static_cast<size_t>(d)];
  const auto strides = row_major_strides(ds);
  const int64_t tuples = k ? indices.element_count() / k : 0;
  const MemoryCharge dst_charge = charge_scratch<int64_t>(static_cast<uint64_t>(tuples), "ScatterND's index table");
  std::vector<int64_t> dst(static_cast<size_t>(tuples));
  for (int64_t t = 0; t < tuples; ++t) {
    int64_t offset = 0;
    for (int64_t j = 0; j < k; ++j)
      offset += checked_index(indices, t * k + j, ds[static_cast<size_t>(j)], true) * strides[static_cast<size_t>(j)];
    dst[static_cast<size_t>(t)] = offset;
  }
  Tensor out = scatter_base(data);
  for (int64_t t = 0; t < tuples; ++t)
    scatter_apply(out, dst[static_cast<size_t>(t)], updates, t * inner, inner, reduction);
  return {out};
}

OpVersion scatter_nd_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "ScatterND";
  v.since_version = since;
  v.inputs = {{"data", "T"}, {"indices", "tensor(int64)"}, {"updates", "T"}};
  v.outputs = {{"output", "T"}};
  if (since >= 16) {
    v.attributes = {{"reduction", AttrType::String, false, std::string("none")}};
    v.check_attributes = [since](const Attributes& a) {
      parse_scatter_reduction(std::get<std::string>(a.get("reduction")), since);
    };
  }
  v.type_constraints = {{"T", types}, {"tensor(int64)", type_sets::kInt64, "tensor(int64)"}};
  v.set_kernel([since](const Attributes& attrs) { return parse_scatter_nd_reduction(attrs, since); }, scatter_nd);
  return v;
}

}  // namespace

void register_scatter_nd(Registry& registry) {
  registry.add(scatter_nd_version(11, type_sets::kClassic));
  registry.add(scatter_nd_version(13, type_sets::kWithBFloat16));  // + bfloat16
  registry.add(scatter_nd_version(16, type_sets::kWithBFloat16));  // + reduction none, add, mul
  registry.add(scatter_nd_version(18, type_sets::kWithBFloat16));  // + max, min
  registry.declare_accuracy("ScatterND", {AccuracyKind::Exact, "input elements copied bit for bit"}, {11, 13});
  registry.declare_accuracy("ScatterND",
                            {AccuracyKind::RoundedAtNamedPoints,
                             "reduction none, max, min: elements copied; add, mul: each update applied in index order, "
                             "rounded once to T; integers wrap"},
                            {16, 18});
}

}  // namespace onnx_ref
