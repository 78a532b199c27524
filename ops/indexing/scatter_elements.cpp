// ONNX ScatterElements, every version (11; 13 adds bfloat16; 16 adds `reduction` none/add/mul; 18
// adds max/min). indices and updates have one shape, of data's rank and no larger than data except
// along the axis; output[..., indices[i][j], ...] (at the axis) receives updates[i][j]. Negative
// indices count from the back. Repeated positions with reduction none: applied in index order, the
// last one wins (the spec leaves it undefined).
#include "ops/indexing/scatter_elements.h"

#include "ops/axis.h"
#include "ops/indexing/index_rules.h"
#include "ops/indexing/register.h"
#include "ops/indexing/scatter_reduction.h"
#include "ops/type_sets.h"
#include "runtime/multi_index.h"
#include "runtime/scratch.h"

namespace onnx_ref {

namespace {

struct ScatterElementsParams {
  int64_t axis = 0;
  ScatterReduction reduction = ScatterReduction::None;
};

}  // namespace

void set_scatter_elements_kernel(OpVersion& v, int since, bool negative_indices) {
  const auto parse = [since](const Attributes& attrs) {
    return ScatterElementsParams{attrs.get_int("axis"),
                                 since >= 16
                                     ? parse_scatter_reduction(std::get<std::string>(attrs.get("reduction")), since)
                                     : ScatterReduction::None};
  };
  v.set_kernel(
      parse, [negative_indices](const KernelContext& ctx, const ScatterElementsParams& params) -> std::vector<Value> {
        const Tensor& data = ctx.input(0);
        const Tensor& indices = ctx.input(1);
        const Tensor& updates = ctx.input(2);
        const ScatterReduction reduction = params.reduction;
        const int64_t rank = data.rank();
        const auto axis = static_cast<size_t>(normalize_axis(params.axis, rank, AxisRange::Signed));
        if (indices.rank() != rank)
          throw Error("indices " + indices.describe() + " must have the rank of data " + data.describe());
        if (updates.shape() != indices.shape())
          throw Error("updates is " + updates.describe() + " but indices is " + indices.describe() +
                      "; their shapes must be equal");
        for (size_t d = 0; d < static_cast<size_t>(rank); ++d)
          if (d != axis && indices.shape()[d] > data.shape()[d])
            throw Error("indices " + indices.describe() + " is larger than data " + data.describe() + " in dimension " +
                        std::to_string(d));
        const int64_t n = indices.element_count();
        const auto strides = row_major_strides(data.shape());
        const MemoryCharge dst_charge =
            charge_scratch<int64_t>(static_cast<uint64_t>(n), "ScatterElements' index table");
        std::vector<int64_t> dst(static_cast<size_t>(n));
        MultiIndex at(indices.shape());
        for (int64_t i = 0; i < n; ++i, at.next()) {
          int64_t offset = 0;
          for (size_t d = 0; d < static_cast<size_t>(rank); ++d)
            offset +=
                (d == axis ? checked_index(indices, i, data.shape()[axis], negative_indices) : at[d]) * strides[d];
          dst[static_cast<size_t>(i)] = offset;
        }
        Tensor out = scatter_base(data);
        for (int64_t i = 0; i < n; ++i) scatter_apply(out, dst[static_cast<size_t>(i)], updates, i, 1, reduction);
        return {out};
      });
}

namespace {

OpVersion scatter_elements_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "ScatterElements";
  v.since_version = since;
  v.inputs = {{"data", "T"}, {"indices", "Tind"}, {"updates", "T"}};
  v.outputs = {{"output", "T"}};
  v.attributes = {{"axis", AttrType::Int, false, int64_t{0}}};
  if (since >= 16) {
    v.attributes.push_back({"reduction", AttrType::String, false, std::string("none")});
    v.check_attributes = [since](const Attributes& a) {
      parse_scatter_reduction(std::get<std::string>(a.get("reduction")), since);
    };
  }
  v.type_constraints = {{"T", types}, {"Tind", type_sets::kInt32Int64}};
  set_scatter_elements_kernel(v, since, true);
  return v;
}

}  // namespace

void register_scatter_elements(Registry& registry) {
  registry.add(scatter_elements_version(11, type_sets::kClassic));
  registry.add(scatter_elements_version(13, type_sets::kWithBFloat16));  // + bfloat16
  registry.add(scatter_elements_version(16, type_sets::kWithBFloat16));  // + reduction none, add, mul
  registry.add(scatter_elements_version(18, type_sets::kWithBFloat16));  // + max, min
  registry.declare_accuracy("ScatterElements", {AccuracyKind::Exact, "input elements copied bit for bit"}, {11, 13});
  registry.declare_accuracy("ScatterElements",
                            {AccuracyKind::RoundedAtNamedPoints,
                             "reduction none, max, min: elements copied; add, mul: each update applied in index order, "
                             "rounded once to T; integers wrap"},
                            {16, 18});
}

}  // namespace onnx_ref
