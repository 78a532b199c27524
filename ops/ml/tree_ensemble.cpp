// ai.onnx.ml TreeEnsemble-5: Y[N, n_targets] of X's type (float16, float, double) from X [N, F] or
// [F]. Interior nodes are the nodes_* tuples (nodes_modes a uint8 tensor: 0 BRANCH_LEQ, 1 LT,
// 2 GTE, 3 GT, 4 EQ, 5 NEQ, 6 MEMBER), leaves the leaf_* tuples; nodes_trueleafs/falseleafs say
// whether a branch index points into the leaves. MEMBER nodes take their sets from
// membership_values in the order they appear in nodes_modes, each set ended by a NaN; their split
// is not read. tree_roots index the nodes; n_targets must be set; hit rates are not used.
//
// Contract: rounded at named points. Each score is exact and rounded once to T: the votes a row
// reaches summed (SUM, aggregate_function 1), that sum divided by the number of trees (AVERAGE, 0),
// or the smallest (largest) vote (MIN 2, MAX 3); post_transform (0 NONE, 1 SOFTMAX, 2 LOGISTIC,
// 3 SOFTMAX_ZERO, 4 PROBIT) is then the correctly rounded function of that value
// (ops/ml/ml_rules.h, ops/ml/tree_ensemble_engine.h).
#include <algorithm>
#include <cmath>

#include "ops/ml/register.h"
#include "ops/ml/tree_ensemble_engine.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

void tree_ensemble5_length(const std::string& name, size_t size, size_t expected) {
  if (size != expected)
    throw Error("attribute '" + name + "' has " + std::to_string(size) + " values, 'nodes_featureids' " +
                std::to_string(expected));
}

ml::Ensemble tree_ensemble5_model(const Attributes& attrs) {
  const auto features = ml::ints_or_empty(attrs, "nodes_featureids");
  const size_t n = features.size();
  const Tensor& modes_tensor = std::get<Tensor>(attrs.get("nodes_modes"));
  if (modes_tensor.type() != ElementType::UInt8)
    throw Error("attribute 'nodes_modes' must be a uint8 tensor, got " + std::string(name_of(modes_tensor.type())));
  const auto splits = ml::tensor_attribute_doubles(std::get<Tensor>(attrs.get("nodes_splits")), "nodes_splits");
  const auto true_ids = ml::ints_or_empty(attrs, "nodes_truenodeids"),
             false_ids = ml::ints_or_empty(attrs, "nodes_falsenodeids");
  const auto true_leafs = ml::ints_or_empty(attrs, "nodes_trueleafs"),
             false_leafs = ml::ints_or_empty(attrs, "nodes_falseleafs");
  const auto missing = ml::ints_or_empty(attrs, "nodes_missing_value_tracks_true");
  tree_ensemble5_length("nodes_modes", static_cast<size_t>(modes_tensor.element_count()), n);
  tree_ensemble5_length("nodes_splits", splits.size(), n);
  tree_ensemble5_length("nodes_truenodeids", true_ids.size(), n);
  tree_ensemble5_length("nodes_falsenodeids", false_ids.size(), n);
  tree_ensemble5_length("nodes_trueleafs", true_leafs.size(), n);
  tree_ensemble5_length("nodes_falseleafs", false_leafs.size(), n);
  if (!missing.empty()) tree_ensemble5_length("nodes_missing_value_tracks_true", missing.size(), n);
  const auto targets = ml::ints_or_empty(attrs, "leaf_targetids");
  const auto weights = ml::tensor_attribute_doubles(std::get<Tensor>(attrs.get("leaf_weights")), "leaf_weights");
  if (weights.size() != targets.size())
    throw Error("attribute 'leaf_weights' has " + std::to_string(weights.size()) + " values, 'leaf_targetids' " +
                std::to_string(targets.size()));
  std::vector<double> members;
  if (attrs.has("membership_values"))
    members = ml::tensor_attribute_doubles(std::get<Tensor>(attrs.get("membership_values")), "membership_values");
  if (!members.empty() && !std::isnan(members.back()))
    throw Error("attribute 'membership_values' must end each set with a NaN, and its last value is not NaN");

  ml::Ensemble e;
  e.branches.resize(n);
  const uint8_t* modes = modes_tensor.data_as<uint8_t>();
  size_t next_member = 0;
  for (size_t i = 0; i < n; ++i) {
    ml::TreeBranch& b = e.branches[i];
    if (modes[i] > 6)
      throw Error("attribute 'nodes_modes' holds " + std::to_string(modes[i]) + " at node " + std::to_string(i) +
                  ", not a mode 0 to 6");
    b.rule = static_cast<ml::TreeRule>(modes[i]);
    b.feature = features[i];
    b.split = splits[i];
    b.nan_goes_true = !missing.empty() && missing[i] != 0;
    for (int side = 0; side < 2; ++side) {
      const int64_t flag = side == 0 ? true_leafs[i] : false_leafs[i], id = side == 0 ? true_ids[i] : false_ids[i];
      if (flag != 0 && flag != 1)
        throw Error("attribute '" + std::string(side == 0 ? "nodes_trueleafs" : "nodes_falseleafs") + "' holds " +
                    std::to_string(flag) + " at node " + std::to_string(i) + ", not 0 or 1");
      if (id < 0)
        throw Error("node " + std::to_string(i) + "'s " + (side == 0 ? "true" : "false") + " branch points to " +
                    std::to_string(id));
      (side == 0 ? b.if_true : b.if_false) = flag ? ml::tree_leaf_ref(id) : id;
    }
    if (b.rule == ml::TreeRule::Member) {
      if (next_member >= members.size())
        throw Error("node " + std::to_string(i) + " is a set membership node with no set left in 'membership_values'");
      while (!std::isnan(members[next_member])) b.members.push_back(members[next_member++]);
      ++next_member;  // the NaN ending the set
      std::sort(b.members.begin(), b.members.end());
    }
  }
  if (next_member != members.size())
    throw Error("attribute 'membership_values' holds more sets than the nodes have BRANCH_MEMBER modes");
  e.leaves.resize(targets.size());
  for (size_t k = 0; k < targets.size(); ++k) e.leaves[k].push_back({targets[k], weights[k]});
  for (int64_t root : ml::ints_or_empty(attrs, "tree_roots")) {
    if (root < 0 || static_cast<size_t>(root) >= n)
      throw Error("attribute 'tree_roots' holds " + std::to_string(root) + ", outside the " + std::to_string(n) +
                  " nodes");
    e.roots.push_back(root);
  }
  if (!attrs.has("n_targets")) throw Error("attribute 'n_targets' is required to size the output");
  e.targets = attrs.get_int("n_targets");
  const int64_t aggregate = attrs.get_int("aggregate_function");
  if (aggregate < 0 || aggregate > 3)
    throw Error("attribute 'aggregate_function' = " + std::to_string(aggregate) +
                " is none of 0 (AVERAGE), 1 (SUM), 2 (MIN), 3 (MAX)");
  e.aggregate = static_cast<ml::TreeAggregate>(aggregate);
  ml::check_ensemble(e);
  return e;
}

// The trees and post_transform, built and checked once, at load.
struct TreeEnsemble5Params {
  ml::PostTransform transform;
  ml::Ensemble ensemble;
};

TreeEnsemble5Params parse_tree_ensemble5(const Attributes& attrs) {
  const ml::PostTransform transform = ml::post_transform_from_code(attrs.get_int("post_transform"));
  return {transform, tree_ensemble5_model(attrs)};
}

std::vector<Value> tree_ensemble5_kernel(const KernelContext& ctx, const TreeEnsemble5Params& params) {
  const Tensor& x = ctx.input(0);
  return {ml::apply_post_transform(ml::ensemble_scores(params.ensemble, x, x.type()), params.transform)};
}

}  // namespace

void register_ml_tree_ensemble(Registry& registry) {
  OpVersion v;
  v.domain = ml::kMlDomain;
  v.op_type = "TreeEnsemble";
  v.since_version = 5;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "T"}};
  v.attributes = {{"aggregate_function", AttrType::Int, false, int64_t{1}},
                  {"leaf_targetids", AttrType::Ints, true},
                  {"leaf_weights", AttrType::Tensor, true},
                  {"membership_values", AttrType::Tensor},
                  {"n_targets", AttrType::Int},
                  {"nodes_falseleafs", AttrType::Ints, true},
                  {"nodes_falsenodeids", AttrType::Ints, true},
                  {"nodes_featureids", AttrType::Ints, true},
                  {"nodes_hitrates", AttrType::Tensor},
                  {"nodes_missing_value_tracks_true", AttrType::Ints},
                  {"nodes_modes", AttrType::Tensor, true},
                  {"nodes_splits", AttrType::Tensor, true},
                  {"nodes_trueleafs", AttrType::Ints, true},
                  {"nodes_truenodeids", AttrType::Ints, true},
                  {"post_transform", AttrType::Int, false, int64_t{0}},
                  {"tree_roots", AttrType::Ints, true}};
  v.type_constraints = {{"T", TypeSet{ElementType::Float16, ElementType::Float, ElementType::Double}}};
  v.set_kernel(parse_tree_ensemble5, tree_ensemble5_kernel);
  registry.add(std::move(v));
  registry.declare_accuracy("TreeEnsemble",
                            {AccuracyKind::RoundedAtNamedPoints,
                             "the exact sum of the votes (and base) rounded once; AVERAGE the exact quotient rounded "
                             "once; post_transform correctly rounded"},
                            {}, "ai.onnx.ml");
}

}  // namespace onnx_ref
