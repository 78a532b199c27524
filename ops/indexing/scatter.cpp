// ONNX Scatter, every version (9; 11 is deprecated and still runs). Scatter is ScatterElements
// without `reduction` and runs ScatterElements-11's kernel: exact (data movement only); repeated
// positions are applied in index order, the last one wins. 9 refuses negative indices (its spec
// gives them no meaning); 11 counts them from the back, as ScatterElements does.
#include "ops/indexing/register.h"
#include "ops/indexing/scatter_elements.h"
#include "ops/type_sets.h"

namespace onnx_ref {

namespace {

OpVersion scatter_version(int since) {
  OpVersion v;
  v.op_type = "Scatter";
  v.since_version = since;
  v.inputs = {{"data", "T"}, {"indices", "Tind"}, {"updates", "T"}};
  v.outputs = {{"output", "T"}};
  v.attributes = {{"axis", AttrType::Int, false, int64_t{0}}};
  v.type_constraints = {{"T", type_sets::kClassic}, {"Tind", type_sets::kInt32Int64}};
  set_scatter_elements_kernel(v, 11, since >= 11);
  v.deprecated = since >= 11;
  return v;
}

}  // namespace

void register_scatter(Registry& registry) {
  registry.add(scatter_version(9));
  registry.add(scatter_version(11));  // deprecated: negative indices
  registry.declare_accuracy("Scatter", {AccuracyKind::Exact, "input elements copied bit for bit"});
}

}  // namespace onnx_ref
