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

// The trees and post_transform, built and checked once, at load.
struct TreeRegressorParams {
  ml::PostTransform transform;
  ml::Ensemble ensemble;
};

TreeRegressorParams parse_tree_regressor(const Attributes& attrs, bool tensor_forms) {
  const ml::PostTransform transform = ml::post_transform_from_name(std::get<std::string>(attrs.get("post_transform")));
  return {transform, tree_ensemble_regressor_model(attrs, tensor_forms)};
}

std::vector<Value> tree_ensemble_regressor_kernel(const KernelContext& ctx, const TreeRegressorParams& params) {
  const Tensor scores = ml::ensemble_scores(params.ensemble, ctx.input(0), ElementType::Float);
  return {ml::apply_post_transform(scores, params.transform)};
}

}  // namespace

void register_ml_tree_ensemble_regressor(Registry& registry) {
  for (int since : {1, 3, 5}) {
    const bool tensor_forms = since >= 3;
    OpVersion v = ml::legacy_tree_version(
        "TreeEnsembleRegressor", since, "target",
        {{"aggregate_function", AttrType::String, false, std::string("SUM")}, {"n_targets", AttrType::Int}});
    v.inputs = {{"X", "T"}};
    v.outputs = {{"Y", "tensor(float)"}};
    v.type_constraints = {{"T", ml::kMlFeatureTypes}, {"tensor(float)", TypeSet{ElementType::Float}, "tensor(float)"}};
    v.set_kernel([tensor_forms](const Attributes& attrs) { return parse_tree_regressor(attrs, tensor_forms); },
                 tree_ensemble_regressor_kernel);
    registry.add(std::move(v));
  }
  registry.declare_accuracy("TreeEnsembleRegressor",
                            {AccuracyKind::RoundedAtNamedPoints,
                             "the exact sum of the votes and base rounded once; AVERAGE the exact quotient rounded "
                             "once; post_transform correctly rounded"},
                            {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
