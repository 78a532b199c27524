// ai.onnx.ml TreeEnsembleRegressor-1, -3 and -5 (5 is deprecated, the same operator as 3):
// Y[N, n_targets] (float) from X [N, F] or [F] (double, float, int32, int64).
// Version 3 adds the *_as_tensor forms of base_values, nodes_hitrates, nodes_values and
// target_weights (double values; setting both forms of one is refused).
//
// Contract: rounded at named points. Each score is exact and rounded once to float: the sum of the
// votes a row reaches plus the base value (SUM), that sum of votes divided by the number of trees
// plus the base value (AVERAGE), or the smallest (largest) vote plus the base value (MIN, MAX);
// post_transform is then the correctly rounded function of that float (ops/ml/ml_rules.h). Trees,
// comparisons, NaN features: ops/ml/tree_ensemble_engine.h. Each tree's root is its node id 0;
// n_targets must be set.
#include "ops/ml/register.h"
#include "ops/ml/tree_ensemble_engine.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

ml::Ensemble tree_ensemble_regressor_model(const Attributes& attrs, bool tensor_forms) {
  ml::Ensemble e = ml::legacy_ensemble(ml::read_legacy_tree_lists(attrs, tensor_forms, "target"));
  if (!attrs.has("n_targets")) throw Error("attribute 'n_targets' is required to size the output");
  e.targets = attrs.get_int("n_targets");
  e.aggregate = ml::tree_aggregate_from_name(std::get<std::string>(attrs.get("aggregate_function")));
  e.base_values = ml::floats_or_tensor(attrs, "base_values", tensor_forms);
  ml::check_ensemble(e);
  return e;
}

std::vector<Value> tree_ensemble_regressor_kernel(const KernelContext& ctx, bool tensor_forms) {
  const ml::PostTransform transform = ml::post_transform_from_name(std::get<std::string>(ctx.attrs.get("post_transform")));
  const ml::Ensemble e = tree_ensemble_regressor_model(ctx.attrs, tensor_forms);
  const Tensor scores = ml::ensemble_scores(e, ctx.input(0), ElementType::Float);
  return {ml::apply_post_transform(scores, transform)};
}

}  // namespace

void register_ml_tree_ensemble_regressor(Registry& registry) {
  for (int since : {1, 3, 5}) {
    const bool tensor_forms = since >= 3;
    OpVersion v;
    v.domain = ml::kMlDomain;
    v.op_type = "TreeEnsembleRegressor";
    v.since_version = since;
    v.deprecated = since == 5;
    v.inputs = {{"X", "T"}};
    v.outputs = {{"Y", "tensor(float)"}};
    v.attributes = {{"aggregate_function", AttrType::String, false, std::string("SUM")},
                    {"base_values", AttrType::Floats},
                    {"n_targets", AttrType::Int},
                    {"nodes_falsenodeids", AttrType::Ints},
                    {"nodes_featureids", AttrType::Ints},
                    {"nodes_hitrates", AttrType::Floats},
                    {"nodes_missing_value_tracks_true", AttrType::Ints},
                    {"nodes_modes", AttrType::Strings},
                    {"nodes_nodeids", AttrType::Ints},
                    {"nodes_treeids", AttrType::Ints},
                    {"nodes_truenodeids", AttrType::Ints},
                    {"nodes_values", AttrType::Floats},
                    {"post_transform", AttrType::String, false, std::string("NONE")},
                    {"target_ids", AttrType::Ints},
                    {"target_nodeids", AttrType::Ints},
                    {"target_treeids", AttrType::Ints},
                    {"target_weights", AttrType::Floats}};
    if (tensor_forms)
      for (const char* name : {"base_values_as_tensor", "nodes_hitrates_as_tensor", "nodes_values_as_tensor", "target_weights_as_tensor"})
        v.attributes.push_back({name, AttrType::Tensor});
    v.type_constraints = {{"T", ml::kMlFeatureTypes},
                          {"tensor(float)", TypeSet{ElementType::Float}, "tensor(float)"}};
    v.check_attributes = [tensor_forms](const Attributes& attrs) {
      ml::post_transform_from_name(std::get<std::string>(attrs.get("post_transform")));
      tree_ensemble_regressor_model(attrs, tensor_forms);
    };
    v.kernel = [tensor_forms](const KernelContext& ctx) { return tree_ensemble_regressor_kernel(ctx, tensor_forms); };
    registry.add(std::move(v));
  }
  registry.declare_accuracy("TreeEnsembleRegressor", {AccuracyKind::RoundedAtNamedPoints, "the exact sum of the votes and base rounded once; AVERAGE the exact quotient rounded once; post_transform correctly rounded"}, {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
