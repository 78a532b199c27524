// TreeEnsemble-5, TreeEnsembleRegressor-3 and TreeEnsembleClassifier-3: defaults and list rules of the
// ONNX 1.22.0 text, each check citing its sentence. The trees are those of tests/helpers/ml_trees.h.
#include "helpers/ml_trees.h"

#include <doctest/doctest.h>

namespace tree_rules_tests {

// `a` without the attributes named.
Attributes without(const Attributes& a, std::initializer_list<const char*> names) {
  Attributes out;
  for (const auto& [name, value] : a.values()) {
    bool drop = false;
    for (const char* n : names) drop = drop || name == n;
    if (!drop) out.set(name, value);
  }
  return out;
}

std::vector<double> run_tree(const Attributes& a, const Tensor& x) {
  return ml_tree_values<double>(run_ml_tree("TreeEnsemble", 5, x, a)[0].tensor());
}

// spec: TreeEnsemble-5: "Defines how to aggregate leaf values within a target. <br>One of 'AVERAGE' (0) 'SUM' (1) 'MIN' (2) 'MAX (3) defaults to 'SUM' (1)"
// spec: TreeEnsemble-5: "This attribute may be left undefined and the default value is false (0) for all nodes."
// spec: TreeEnsemble-5: "The index of the target that this leaf contributes to (this must be in range `[0, n_targets)`)."
// spec: TreeEnsemble-5: "The attributes `nodes_*` must all have the same length and encode a sequence of tuples, as defined by taking all the `nodes_*` fields at a given position."
TEST_CASE("TreeEnsemble-5: SUM and NONE by default; NaN to the false branch by default; targets and node lists checked") {
  const Tensor x = doubles({1, 2}, {0, 1});
  const Attributes plain = without(two_trees(1, 0), {"aggregate_function", "post_transform"});
  CHECK(run_tree(plain, x) == run_tree(two_trees(1, 0), x));
  CHECK(run_tree(plain, x) != run_tree(two_trees(3, 0), x));
  // Without nodes_missing_value_tracks_true a NaN x1 goes to node 1's false branch (leaf 2, -1)
  // instead of its true one (leaf 1, 2): target 1 is -1, not 2.
  const Attributes no_tracks = without(two_trees(1, 0), {"nodes_missing_value_tracks_true"});
  const Tensor nan_x = doubles({1, 2}, {1, std::numeric_limits<double>::quiet_NaN()});
  CHECK(run_tree(no_tracks, nan_x)[1] == -1.0);
  CHECK(run_tree(two_trees(1, 0), nan_x)[1] == 2.0);
  Attributes far_target = two_trees(1, 0);
  far_target.set("leaf_targetids", std::vector<int64_t>{0, 2, 1, 0, 0});
  CHECK(!ml_tree_error("TreeEnsemble", 5, x, far_target).empty());
  Attributes short_nodes = two_trees(1, 0);
  short_nodes.set("nodes_featureids", std::vector<int64_t>{0, 1});
  CHECK(!ml_tree_error("TreeEnsemble", 5, x, short_nodes).empty());
}

// spec: TreeEnsembleRegressor-3: "Base values for regression, added to final prediction after applying aggregate_function; the size must be the same as the classes or can be left unassigned (assumed 0)"
// spec: TreeEnsembleRegressor-3: "Returns the regressed values for each input in N.<br> All args with nodes_ are fields of a tuple of tree nodes, and it is assumed they are the same length, and an index i will decode the tuple across these inputs."
TEST_CASE("TreeEnsembleRegressor-3: base values per target or none (0); node lists of one length") {
  const Tensor x = floats({1, 2}, {0, 0});
  const auto values = [&](const Attributes& a) { return ml_tree_values<float>(run_ml_tree("TreeEnsembleRegressor", 3, x, a)[0].tensor()); };
  const Attributes none = without(regressor("SUM"), {"base_values"});
  const std::vector<double> with = values(regressor("SUM")), without = values(none);
  REQUIRE(with.size() == 2);
  CHECK(with[0] - without[0] == 10);
  CHECK(with[1] - without[1] == 20);
  Attributes one_base = regressor("SUM");
  one_base.set("base_values", std::vector<float>{10});
  CHECK(!ml_tree_error("TreeEnsembleRegressor", 3, x, one_base).empty());
  Attributes short_nodes = regressor("SUM");
  short_nodes.set("nodes_values", std::vector<float>{0.5f, 0, 2});
  CHECK(!ml_tree_error("TreeEnsembleRegressor", 3, x, short_nodes).empty());
}

// spec: TreeEnsembleClassifier-3: "Class labels if using integer labels.<br>One and only one of the 'classlabels_*' attributes must be defined."
// spec: TreeEnsembleClassifier-3: "Class labels if using string labels.<br>One and only one of the 'classlabels_*' attributes must be defined."
// spec: TreeEnsembleClassifier-3: "One and only one of classlabels_strings or classlabels_int64s will be defined."
TEST_CASE("TreeEnsembleClassifier-3: exactly one class label list") {
  const Tensor x = floats({1, 2}, {0, 0});
  Attributes ints = classifier({0, 1, 1}, {1, 1, 1}, "NONE");
  ints.set("classlabels_int64s", std::vector<int64_t>{0, 1});
  CHECK(ml_tree_error("TreeEnsembleClassifier", 3, x, ints).empty());
  Attributes both = ints;
  both.set("classlabels_strings", std::vector<std::string>{"a", "b"});
  CHECK(!ml_tree_error("TreeEnsembleClassifier", 3, x, both).empty());
  const Attributes neither = without(classifier({0, 1, 1}, {1, 1, 1}, "NONE"), {"classlabels_int64s", "classlabels_strings"});
  CHECK(!ml_tree_error("TreeEnsembleClassifier", 3, x, neither).empty());
}

}  // namespace tree_rules_tests
