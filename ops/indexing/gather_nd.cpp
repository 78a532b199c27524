// ONNX GatherND, every version (11; 12 adds batch_dims; 13 adds bfloat16).
// indices (int64, rank q >= 1) holds, in its last dimension, index tuples of length k <= r - b into
// data (rank r); the first b = batch_dims dimensions of data and indices are batch dimensions and
// must be equal. Output shape: indices.shape[:-1] + data.shape[b + k:]. Each gathered slice is one
// contiguous copy. Negative indices count from the back.
#include "ops/indexing/index_rules.h"
#include "ops/indexing/register.h"
#include "ops/type_sets.h"
#include "runtime/element_copy.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

std::vector<Value> gather_nd(const KernelContext& ctx, int64_t b) {
  const Tensor& data = ctx.input(0);
  const Tensor& indices = ctx.input(1);
  const int64_t r = data.rank(), q = indices.rank();
  if (r < 1) throw Error("data must have rank 1 or more, but it is " + data.describe());
  if (q < 1) throw Error("indices must have rank 1 or more, but it is " + indices.describe());
  if (b < 0 || b >= std::min(r, q))
    throw Error("batch_dims = " + std::to_string(b) + " must lie in [0, " + std::to_string(std::min(r, q) - 1) +
                "] for data " + data.describe() + " and indices " + indices.describe());
  const Shape& ds = data.shape();
  const Shape& is = indices.shape();
  for (int64_t d = 0; d < b; ++d)
    if (ds[static_cast<size_t>(d)] != is[static_cast<size_t>(d)])
      throw Error("batch dimension " + std::to_string(d) + " differs: data " + data.describe() + ", indices " +
                  indices.describe());
  const int64_t k = is.back();
  if (k < 1 || k > r - b)
    throw Error("the last dimension of indices " + indices.describe() + " is " + std::to_string(k) +
                "; it must lie in [1, " + std::to_string(r - b) + "]");
  Shape out_shape(is.begin(), is.end() - 1);
  out_shape.insert(out_shape.end(), ds.begin() + b + k, ds.end());
  int64_t batches = 1, inner = 1;
  for (int64_t d = 0; d < b; ++d) batches *= ds[static_cast<size_t>(d)];
  for (int64_t d = b + k; d < r; ++d) inner *= ds[static_cast<size_t>(d)];
  const int64_t tuples = indices.element_count() / k;
  const int64_t per_batch = batches ? tuples / batches : 0;
  const auto strides = row_major_strides(ds);
  const int64_t batch_stride = b > 0 ? strides[static_cast<size_t>(b - 1)] : 0;
  const MemoryCharge src_charge = charge_scratch<int64_t>(static_cast<uint64_t>(tuples), "GatherND's index table");
  std::vector<int64_t> src(static_cast<size_t>(tuples));
  for (int64_t t = 0; t < tuples; ++t) {
    int64_t offset = per_batch ? (t / per_batch) * batch_stride : 0;
    for (int64_t j = 0; j < k; ++j) {
      const auto dim = static_cast<size_t>(b + j);
      offset += checked_index(indices, t * k + j, ds[dim], true) * strides[dim];
    }
    src[static_cast<size_t>(t)] = offset;
  }
  Tensor out = Tensor::uninitialized(data.type(), out_shape);
  for (int64_t t = 0; t < tuples; ++t) copy_elements(data, src[static_cast<size_t>(t)], out, t * inner, inner);
  return {out};
}

OpVersion gather_nd_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "GatherND";
  v.since_version = since;
  v.inputs = {{"data", "T"}, {"indices", "tensor(int64)"}};
  v.outputs = {{"output", "T"}};
  if (since >= 12) v.attributes = {{"batch_dims", AttrType::Int, false, int64_t{0}}};
  v.type_constraints = {{"T", types}, {"tensor(int64)", type_sets::kInt64, "tensor(int64)"}};
  v.set_kernel(
      [](const Attributes& attrs) { return attrs.has("batch_dims") ? attrs.get_int("batch_dims") : int64_t{0}; },
      gather_nd);
  return v;
}

}  // namespace

void register_gather_nd(Registry& registry) {
  registry.add(gather_nd_version(11, type_sets::kClassic));
  registry.add(gather_nd_version(12, type_sets::kClassic));       // + batch_dims
  registry.add(gather_nd_version(13, type_sets::kWithBFloat16));  // + bfloat16
  registry.declare_accuracy("GatherND", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
