#pragma once
// One tree-ensemble engine behind TreeEnsemble-5, TreeEnsembleRegressor (1, 3, 5) and
// TreeEnsembleClassifier (1, 3, 5): each version translates its attributes into an Ensemble
// (branches, leaves, roots), checked once (every reference inside the node lists, no cycle, so a
// walk ends after at most as many steps as there are branches), then walked row by row.
//
// A branch compares feature x with its split exactly (x as a long double, the split as the double
// it was given): BRANCH_LEQ x <= s, LT x < s, GTE x >= s, GT x > s, EQ x == s, NEQ x != s, MEMBER x
// in the set. A NaN feature goes to the true branch when nodes_missing_value_tracks_true is 1 for
// that node, else to the false branch, whatever the comparison (the spec's rule).
//
// Aggregation is exact: every vote a row reaches for a target is added into one ExactSum with the
// target's base value, and the score is that sum rounded once (SUM), the sum of the votes divided
// by the number of trees plus the base value rounded once (AVERAGE: (votes + n base) / n), or the
// smallest (largest) vote plus the base value rounded once (MIN, MAX; no vote: the base value).
#include <cstdint>
#include <string>
#include <vector>

#include "ops/ml/ml_rules.h"

namespace onnx_ref::ml {

enum class TreeRule { Leq, Lt, Gte, Gt, Eq, Neq, Member };
enum class TreeAggregate { Average, Sum, Min, Max };

// A reference to a branch (>= 0) or to leaf k (encoded as -1 - k).
using TreeRef = int64_t;
inline TreeRef tree_leaf_ref(int64_t leaf) { return -1 - leaf; }

struct TreeBranch {
  TreeRule rule = TreeRule::Leq;
  int64_t feature = 0;
  double split = 0;
  std::vector<double> members;  // MEMBER: sorted
  bool nan_goes_true = false;
  TreeRef if_true = 0, if_false = 0;
};

struct TreeVote {
  int64_t target = 0;
  double weight = 0;
};

struct Ensemble {
  std::vector<TreeBranch> branches;
  std::vector<std::vector<TreeVote>> leaves;
  std::vector<TreeRef> roots;  // one per tree
  int64_t targets = 0;
  TreeAggregate aggregate = TreeAggregate::Sum;
  std::vector<double> base_values;  // empty or one per target
};

// Refs inside the lists, targets in [0, targets), base_values of the right length, no cycle.
void check_ensemble(const Ensemble& ensemble);
TreeAggregate tree_aggregate_from_name(const std::string& name);

// Error when a branch reads a feature beyond `features`.
void check_ensemble_features(const Ensemble& ensemble, int64_t features);
// The votes of every tree for one row (features read exactly), in tree order.
void ensemble_row_votes(const Ensemble& ensemble, const std::vector<long double>& row, std::vector<TreeVote>& votes);
// The scores [rows, targets] of x ([N, F] or [F]) as `out_type` (float16, float, double), each
// aggregated exactly and rounded once.
Tensor ensemble_scores(const Ensemble& ensemble, const Tensor& x, ElementType out_type);

// TreeEnsembleRegressor and TreeEnsembleClassifier (1, 3, 5) describe nodes as tuples
// (tree id, node id, mode name, feature, value, true id, false id, missing tracks true) and votes as
// (tree id, node id, target or class, weight): the ensemble they describe, its leaves' votes taken
// from `vote_*`. Each tree's root is its node id 0.
struct LegacyTreeLists {
  std::vector<int64_t> tree_ids, node_ids, features, true_ids, false_ids, missing_true;
  std::vector<std::string> modes;
  std::vector<double> values;
  std::vector<int64_t> vote_tree_ids, vote_node_ids, vote_targets;
  std::vector<double> vote_weights;
  const char* vote_prefix = "target";  // "target" or "class", for messages
};
LegacyTreeLists read_legacy_tree_lists(const Attributes& attrs, bool has_tensor_forms, const char* vote_prefix);

// A version (1, 3, 5: deprecated) of TreeEnsembleClassifier or TreeEnsembleRegressor with the
// attributes both have: the node lists, post_transform, base_values and the vote lists (vote_prefix
// "class" or "target"), `own` among them in name order, then from version 3 the *_as_tensor forms.
// The caller adds inputs, outputs, type constraints and the kernel.
OpVersion legacy_tree_version(const std::string& op_type, int since, const std::string& vote_prefix,
                              std::vector<AttributeSpec> own);
Ensemble legacy_ensemble(const LegacyTreeLists& lists);

}  // namespace onnx_ref::ml
