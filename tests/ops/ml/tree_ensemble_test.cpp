// Unit tests of ops/ml/tree_ensemble.cpp.
#include "helpers/ml_trees.h"
#include "helpers/tree_rules.h"

TEST_CASE("TreeEnsemble-5: modes, set membership, NaN routing, every aggregate") {
  // Rows: [0, 0], [1, 3], [20, 2], [NaN, NaN].
  const Tensor x = doubles({4, 2}, {0, 0, 1, 3, 20, 2, NAN, NAN});
  check_same(ml_tree_values<double>(run_ml_tree("TreeEnsemble", 5, x, two_trees(1, 0))[0].tensor()),
             {0.75, 0, 0.5, 2, 1, -1, 0.5, 2});
  check_same(ml_tree_values<double>(run_ml_tree("TreeEnsemble", 5, x, two_trees(0, 0))[0].tensor()),
             {0.375, 0, 0.25, 1, 0.5, -0.5, 0.25, 1});
  check_same(ml_tree_values<double>(run_ml_tree("TreeEnsemble", 5, x, two_trees(2, 0))[0].tensor()),
             {0.25, 0, 0.5, 2, 1, -1, 0.5, 2});
  check_same(ml_tree_values<double>(run_ml_tree("TreeEnsemble", 5, x, two_trees(3, 0))[0].tensor()),
             {0.5, 0, 0.5, 2, 1, -1, 0.5, 2});
  // Float input gives float output.
  const Tensor xf = floats({1, 2}, {1, 3});
  const Tensor yf = run_ml_tree("TreeEnsemble", 5, xf, two_trees(1, 0))[0].tensor();
  CHECK(yf.type() == T::Float);
  check_same(ml_tree_values<float>(yf), {0.5, 2});
}

TEST_CASE("TreeEnsemble-5: post_transform LOGISTIC, SOFTMAX_ZERO and PROBIT are correctly rounded") {
  const Tensor x = doubles({4, 2}, {0, 0, 1, 3, 20, 2, NAN, NAN});
  check_same(ml_tree_values<double>(run_ml_tree("TreeEnsemble", 5, x, two_trees(1, 2))[0].tensor()),
             {0x1.5bbd4f7a323ecp-1, 0.5, 0x1.3eb2fd4d34391p-1, 0x1.c2f7d5a8a79cap-1, 0x1.764d4f5d5a2bdp-1,
              0x1.136561454ba86p-2, 0x1.3eb2fd4d34391p-1, 0x1.c2f7d5a8a79cap-1});
  // SOFTMAX_ZERO: a zero score stays 0, the others are the softmax of the nonzero ones.
  check_same(ml_tree_values<double>(run_ml_tree("TreeEnsemble", 5, x, two_trees(1, 3))[0].tensor()),
             {1, 0, 0x1.759b8355a1bb0p-3, 0x1.a2991f2a97914p-1, 0x1.c2f7d5a8a79cap-1, 0x1.e84152bac31afp-4,
              0x1.759b8355a1bb0p-3, 0x1.a2991f2a97914p-1});
  // PROBIT of the AVERAGE scores 0.375, 0, 0.25, 1, 0.5, -0.5: probit(0) = -inf, probit(1) = inf,
  // probit(1/2) = 0, below 0 NaN.
  check_same(ml_tree_values<double>(run_ml_tree("TreeEnsemble", 5, x, two_trees(0, 4))[0].tensor()),
             {-0x1.464965bdc7eafp-2, -kInf, -0x1.5956b87528a49p-1, kInf, 0, kNaN, -0x1.5956b87528a49p-1, kInf});
  const Tensor xf = floats({2, 2}, {0, 0, 1, 3});
  check_same(ml_tree_values<float>(run_ml_tree("TreeEnsemble", 5, xf, two_trees(0, 4))[0].tensor()),
             {-0x1.4649660000000p-2, -kInf, -0x1.5956b80000000p-1, kInf});
}

TEST_CASE("TreeEnsemble-5: the sum of the votes is exact, rounded once") {
  // Three one-leaf trees voting 1e8, 1 and -1e8: float addition in order would give 0.
  Attributes a = ml_tree_defaults("TreeEnsemble", 5);
  a.set("n_targets", int64_t{1});
  a.set("tree_roots", std::vector<int64_t>{0, 1, 2});
  a.set("nodes_modes", Tensor::from_values<uint8_t>(T::UInt8, {3}, {0, 0, 0}));
  a.set("nodes_featureids", std::vector<int64_t>{0, 0, 0});
  a.set("nodes_splits", floats({3}, {0, 0, 0}));
  a.set("nodes_truenodeids", std::vector<int64_t>{0, 1, 2});
  a.set("nodes_falsenodeids", std::vector<int64_t>{0, 1, 2});
  a.set("nodes_trueleafs", std::vector<int64_t>{1, 1, 1});
  a.set("nodes_falseleafs", std::vector<int64_t>{1, 1, 1});
  a.set("leaf_targetids", std::vector<int64_t>{0, 0, 0});
  a.set("leaf_weights", floats({3}, {1e8f, 1, -1e8f}));
  check_same(ml_tree_values<float>(run_ml_tree("TreeEnsemble", 5, floats({1, 1}, {0}), a)[0].tensor()), {1});
}

// One tree of one branch, x0 <= 0: its true side is leaf 0, its false side leaf `false_leaf`; the
// leaves (as many as `weights`) all vote for target 0.
Attributes one_branch_tree(int64_t false_leaf, const Tensor& weights) {
  Attributes a = ml_tree_defaults("TreeEnsemble", 5);
  a.set("n_targets", int64_t{1});
  a.set("tree_roots", std::vector<int64_t>{0});
  a.set("nodes_modes", Tensor::from_values<uint8_t>(T::UInt8, {1}, {0}));
  a.set("nodes_featureids", std::vector<int64_t>{0});
  a.set("nodes_splits", doubles({1}, {0}));
  a.set("nodes_truenodeids", std::vector<int64_t>{0});
  a.set("nodes_falsenodeids", std::vector<int64_t>{false_leaf});
  a.set("nodes_trueleafs", std::vector<int64_t>{1});
  a.set("nodes_falseleafs", std::vector<int64_t>{1});
  a.set("leaf_targetids", std::vector<int64_t>(static_cast<size_t>(weights.element_count()), 0));
  a.set("leaf_weights", weights);
  return a;
}

TEST_CASE("TreeEnsemble-5: a far-tail PROBIT and a float PROBIT") {
  Attributes a = one_branch_tree(1, doubles({2}, {1e-300, 0.75}));
  a.set("post_transform", int64_t{4});
  check_same(ml_tree_values<double>(run_ml_tree("TreeEnsemble", 5, doubles({2, 1}, {0, 1}), a)[0].tensor()),
             {-0x1.286074064c26ep+5, 0x1.5956b87528a49p-1});
  a.set("leaf_weights", floats({2}, {0.1f, 0.75f}));
  check_same(ml_tree_values<float>(run_ml_tree("TreeEnsemble", 5, floats({1, 1}, {0}), a)[0].tensor()),
             {-0x1.4813c4p+0});
}

TEST_CASE("TreeEnsemble-5: references outside the tree, cycles and bad lengths are refused") {
  const Tensor x = doubles({1, 2}, {0, 0});
  Attributes a = two_trees(1, 0);
  a.set("nodes_falsenodeids", std::vector<int64_t>{7, 2, 4});
  CHECK(ml_tree_error("TreeEnsemble", 5, x, a) ==
        "node 0's false branch points to node 7, outside the tree's 3 nodes and 5 leaves");
  a = two_trees(1, 0);
  a.set("nodes_truenodeids", std::vector<int64_t>{0, 9, 3});
  CHECK(ml_tree_error("TreeEnsemble", 5, x, a) ==
        "node 1's true branch points to leaf 9, outside the tree's 3 nodes and 5 leaves");
  a = two_trees(1, 0);  // node 1's true branch back to node 0
  a.set("nodes_truenodeids", std::vector<int64_t>{0, 0, 3});
  a.set("nodes_trueleafs", std::vector<int64_t>{1, 0, 1});
  CHECK(ml_tree_error("TreeEnsemble", 5, x, a) == "node 1 leads back to node 0: the trees have a cycle");
  a = two_trees(1, 0);
  a.set("leaf_targetids", std::vector<int64_t>{0, 1, 1, 0});
  // spec: TreeEnsemble-5: "All fields prefixed with `leaf_*` represent tree leaves, and similarly define tuples of leaves and must have identical length."
  CHECK(ml_tree_error("TreeEnsemble", 5, x, a) == "attribute 'leaf_weights' has 5 values, 'leaf_targetids' 4");
  a = two_trees(1, 7);
  // spec: TreeEnsemble-5: "Indicates the transform to apply to the score. <br>One of 'NONE' (0), 'SOFTMAX' (1), 'LOGISTIC' (2), 'SOFTMAX_ZERO' (3) or 'PROBIT' (4), defaults to 'NONE' (0)"
  CHECK(ml_tree_error("TreeEnsemble", 5, x, a).find("attribute 'post_transform' = 7 is none of") == 0);
  a = two_trees(1, 0);
  CHECK(ml_tree_error("TreeEnsemble", 5, doubles({1, 1}, {0}), a) == "node 1 reads feature 1 but X has 1 features");
  a = two_trees(1, 0);
  a.set("membership_values", floats({2}, {3, 1}));
  // spec: TreeEnsemble-5: "Will have the same number of sets of values as nodes with mode 'BRANCH_MEMBER'."
  CHECK(ml_tree_error("TreeEnsemble", 5, x, a) ==
        "attribute 'membership_values' must end each set with a NaN, and its last value is not NaN");
}

// spec: TreeEnsemble-5: "To represent a tree that is a leaf (only has one node), one can do so by having a single `nodes_*` entry with true and false branches referencing the same `leaf_*` entry"
// spec: TreeEnsemble-5: "The input type must be a tensor of a numeric type."
TEST_CASE("TreeEnsemble-5: a one-node tree is a branch whose both sides are one leaf; a string X is refused") {
  const Attributes a = one_branch_tree(0, floats({1}, {2.5f}));
  // Either side of the split (-1 <= 0, 3 > 0, NaN) reaches the one leaf.
  check_same(ml_tree_values<double>(run_ml_tree("TreeEnsemble", 5, doubles({3, 1}, {-1, 3, NAN}), a)[0].tensor()),
             {2.5, 2.5, 2.5});
  CHECK(!ml_tree_error("TreeEnsemble", 5, Tensor::from_strings({1, 1}, {"a"}), a).empty());
}

namespace tree_rules_tests {

// spec: TreeEnsemble-5: "Defines how to aggregate leaf values within a target. <br>One of 'AVERAGE' (0) 'SUM' (1) 'MIN' (2) 'MAX (3) defaults to 'SUM' (1)"
// spec: TreeEnsemble-5: "This attribute may be left undefined and the default value is false (0) for all nodes."
// spec: TreeEnsemble-5: "The index of the target that this leaf contributes to (this must be in range `[0, n_targets)`)."
// spec: TreeEnsemble-5: "The attributes `nodes_*` must all have the same length and encode a sequence of tuples, as defined by taking all the `nodes_*` fields at a given position."
TEST_CASE(
    "TreeEnsemble-5: SUM and NONE by default; NaN to the false branch by default; targets and node lists checked") {
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

}  // namespace tree_rules_tests
