// Unit tests of ops/ml/tree_ensemble_regressor.cpp.
#include "helpers/ml_trees.h"
#include "helpers/tree_rules.h"

TEST_CASE(
    "TreeEnsembleRegressor: SUM, AVERAGE, MIN, MAX with base values, versions 1 and 3 (5 is deprecated: "
    "tests/interpreter/deprecated_versions_test.cpp)") {
  // Rows [0.5, 9], [1, 1], [1, 3], [NaN, 3] (NaN tracks true at node 0).
  const Tensor x = floats({4, 2}, {0.5f, 9, 1, 1, 1, 3, NAN, 3});
  for (int since : {1, 3}) {
    CAPTURE(since);
    Attributes a = regressor("SUM");
    if (since == 1)
      a = [&] {
        Attributes b = ml_tree_defaults("TreeEnsembleRegressor", 1);
        for (const auto& entry : a.values()) b.set(entry.first, entry.second);
        return b;
      }();
    check_same(ml_tree_values<float>(run_ml_tree("TreeEnsembleRegressor", since, x, a)[0].tensor()),
               {11.25, 20.5, 12.75, 20.5, 10.25, 19.5, 11.25, 20.5});
  }
  check_same(ml_tree_values<float>(run_ml_tree("TreeEnsembleRegressor", 3, x, regressor("AVERAGE"))[0].tensor()),
             {10.625, 20.25, 11.375, 20.25, 10.125, 19.75, 10.625, 20.25});
  check_same(ml_tree_values<float>(run_ml_tree("TreeEnsembleRegressor", 3, x, regressor("MIN"))[0].tensor()),
             {10.25, 20.5, 10.25, 20.5, 10.25, 19, 10.25, 20.5});
  check_same(ml_tree_values<float>(run_ml_tree("TreeEnsembleRegressor", 3, x, regressor("MAX"))[0].tensor()),
             {11, 20.5, 12.5, 20.5, 10.25, 20.5, 11, 20.5});
  // Integer features.
  const Tensor xi = Tensor::from_values<int64_t>(T::Int64, {2, 2}, {1, 1, 1, 3});
  check_same(ml_tree_values<float>(run_ml_tree("TreeEnsembleRegressor", 3, xi, regressor("SUM"))[0].tensor()),
             {12.75, 20.5, 10.25, 19.5});
  // The double forms of version 3.
  Attributes d = regressor("SUM");
  d.set("target_weights_as_tensor", doubles({5}, {1, 2.5, -1, 0.25, 0.5}));
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, d) ==
        "attributes 'target_weights' and 'target_weights_as_tensor' are both set; give one");
}

TEST_CASE("TreeEnsembleRegressor: bad node lists are refused") {
  const Tensor x = floats({1, 2}, {0, 0});
  Attributes a = regressor("SUM");
  a.set("nodes_truenodeids", std::vector<int64_t>{1, 0, 7, 0, 0, 0});
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, a) ==
        "tree 0 node 2's true branch points to node id 7, which tree 0 does not have");
  a = regressor("SUM");
  a.set("nodes_falsenodeids", std::vector<int64_t>{2, 0, 0, 0, 0, 0});  // node 2 -> node 0: a cycle
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, a) == "node 1 leads back to node 0: the trees have a cycle");
  a = regressor("SUM");
  a.set("target_ids", std::vector<int64_t>{0, 0, 1, 0});
  // spec: TreeEnsembleRegressor-3: "All fields prefixed with target_ are tuples of votes at the leaves."
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, a) == "attribute 'target_ids' has 4 values, 'target_nodeids' 5");
  a = regressor("MEDIAN");
  // spec: TreeEnsembleRegressor-3: "Defines how to aggregate leaf values within a target. <br>One of 'AVERAGE,' 'SUM,' 'MIN,' 'MAX.'"
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, a) ==
        "attribute 'aggregate_function' = 'MEDIAN' is none of AVERAGE, SUM, MIN, MAX");
  a = regressor("SUM");
  a.set("post_transform", std::string("SOFTPLUS"));
  // spec: TreeEnsembleRegressor-3: "Indicates the transform to apply to the score. <br>One of 'NONE,' 'SOFTMAX,' 'LOGISTIC,' 'SOFTMAX_ZERO,' or 'PROBIT'"
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, a) ==
        "attribute 'post_transform' = 'SOFTPLUS' is none of NONE, SOFTMAX, LOGISTIC, SOFTMAX_ZERO, PROBIT");
  a = regressor("SUM");
  a.set("nodes_modes", std::vector<std::string>{"BRANCH_LEQ", "LEAF", "BRANCH_XX", "LEAF", "LEAF", "LEAF"});
  // spec: TreeEnsembleRegressor-3: "There is no comparison to make at a leaf node.<br>One of 'BRANCH_LEQ', 'BRANCH_LT', 'BRANCH_GTE', 'BRANCH_GT', 'BRANCH_EQ', 'BRANCH_NEQ', 'LEAF'"
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, a).find("attribute 'nodes_modes' holds 'BRANCH_XX'") == 0);
}

namespace tree_ensemble_regressor_versions {

// The attributes of `a` over the defaults of `since`; version 5 runs with the deprecated versions
// allowed (their refusal: tests/interpreter/deprecated_versions_test.cpp).
testing::OpTester legacy_tree(const std::string& op, int since, const Tensor& x, const Attributes& a) {
  Attributes all = ml_tree_defaults(op, since);
  for (const auto& entry : a.values()) all.set(entry.first, entry.second);
  LoadOptions load;
  load.allow_deprecated = true;
  testing::OpTester t(op, since, kMl);
  t.input(Value(x)).attributes(all).outputs(op == "TreeEnsembleClassifier" ? 2 : 1).load_options(load);
  return t;
}

std::string regressor_error(int since, const Tensor& x, const Attributes& a) {
  return testing::node_rule(legacy_tree("TreeEnsembleRegressor", since, x, a).error_of());
}

// spec: TreeEnsembleRegressor-1,5: "All args with nodes_ are fields of a tuple of tree nodes, and it is assumed they are the same length"
// spec: TreeEnsembleRegressor-1,5: "Each node id can appear only once for each tree id."
// spec: TreeEnsembleRegressor-1,3,5: "All trees must have their node ids start at 0 and increment by 1."
// spec: TreeEnsembleRegressor-1,3: "Node ids must restart at zero for each tree and increase sequentially."
// spec: TreeEnsembleRegressor-1: "Defines how to aggregate leaf values within a target. <br>One of 'AVERAGE,' 'SUM,' 'MIN,' 'MAX.'"
// spec: TreeEnsembleRegressor-1: "Indicates the transform to apply to the score. <br>One of 'NONE,' 'SOFTMAX,' 'LOGISTIC,' 'SOFTMAX_ZERO,' or 'PROBIT'"
// spec: TreeEnsembleRegressor-1: "There is no comparison to make at a leaf node.<br>One of 'BRANCH_LEQ', 'BRANCH_LT', 'BRANCH_GTE', 'BRANCH_GT', 'BRANCH_EQ', 'BRANCH_NEQ', 'LEAF'"
// spec: TreeEnsembleRegressor-1,3: "The input type must be a tensor of a numeric type."
TEST_CASE(
    "TreeEnsembleRegressor-1, -3, -5: node lists of one length, node ids once per tree from 0, named enumerations, "
    "numeric X") {
  const Tensor x = floats({1, 2}, {0.5f, 9});
  for (int since : {1, 3, 5}) {
    CAPTURE(since);
    // Row [0.5, 9]: tree 0 leaf 1 (target 0 += 1), tree 1 leaf 0 (target 0 += 0.25, target 1 += 0.5),
    // plus base values [10, 20].
    const auto out = legacy_tree("TreeEnsembleRegressor", since, x, regressor("SUM")).run();
    check_same(ml_tree_values<float>(out[0].tensor()), {11.25, 20.5});
    Attributes a = regressor("SUM");
    a.set("nodes_values", std::vector<float>{0.5f, 0, 2});
    CHECK(regressor_error(since, x, a) == "attribute 'nodes_values' has 3 values, 'nodes_nodeids' 6");
    a = regressor("SUM");
    a.set("nodes_nodeids", std::vector<int64_t>{0, 1, 2, 3, 1, 0});
    CHECK(regressor_error(since, x, a) == "tree 0 lists node id 1 twice");
    a = regressor("SUM");
    a.set("nodes_nodeids", std::vector<int64_t>{0, 1, 2, 3, 4, 5});
    a.set("target_nodeids", std::vector<int64_t>{1, 3, 4, 5, 5});
    CHECK(regressor_error(since, x, a) == "tree 1 has no node id 0, its root");
    // Ids that skip a number (tree 0's node 4 as 7) are accepted: references are by id
    // (docs/DEPARTURES.md, TreeEnsembleClassifier and TreeEnsembleRegressor: node ids).
    a = regressor("SUM");
    a.set("nodes_nodeids", std::vector<int64_t>{0, 1, 2, 3, 7, 0});
    a.set("nodes_falsenodeids", std::vector<int64_t>{2, 0, 7, 0, 0, 0});
    a.set("target_nodeids", std::vector<int64_t>{1, 3, 7, 0, 0});
    // Row [1, 3] reaches the renumbered leaf: target 1 += -1, then tree 1 and the base values.
    check_same(ml_tree_values<float>(
                   legacy_tree("TreeEnsembleRegressor", since, floats({2, 2}, {0.5f, 9, 1, 3}), a).run()[0].tensor()),
               {11.25, 20.5, 10.25, 19.5});
    a = regressor("MEDIAN");
    CHECK(regressor_error(since, x, a) ==
          "attribute 'aggregate_function' = 'MEDIAN' is none of AVERAGE, SUM, MIN, MAX");
    a = regressor("SUM");
    a.set("post_transform", std::string("SOFTPLUS"));
    CHECK(regressor_error(since, x, a) ==
          "attribute 'post_transform' = 'SOFTPLUS' is none of NONE, SOFTMAX, LOGISTIC, SOFTMAX_ZERO, PROBIT");
    a = regressor("SUM");
    a.set("nodes_modes", std::vector<std::string>{"BRANCH_LEQ", "LEAF", "BRANCH_XX", "LEAF", "LEAF", "LEAF"});
    CHECK(regressor_error(since, x, a).find("attribute 'nodes_modes' holds 'BRANCH_XX'") == 0);
    CHECK(!regressor_error(since, Tensor::from_strings({1, 2}, {"a", "b"}), regressor("SUM")).empty());
  }
}

// spec: TreeEnsembleRegressor-1: "Base values for classification, added to final class score; the size must be the same as the classes or can be left unassigned (assumed 0)"
// spec: TreeEnsembleRegressor-1,3: "This attribute may be left undefined and the default value is false (0) for all nodes."
TEST_CASE(
    "TreeEnsembleRegressor-1, -3: base values per target or none (0); NaN goes to the false branch unless tracked") {
  const Tensor nan_x = floats({1, 2}, {NAN, 9});
  for (int since : {1, 3}) {
    CAPTURE(since);
    const Attributes full = regressor("SUM");
    Attributes none;
    for (const auto& [name, value] : full.values())
      if (name != "base_values") none.set(name, value);
    // NaN x0 tracks true at node 0: leaf 1 (target 0 += 1), tree 1 adds [0.25, 0.5].
    check_same(ml_tree_values<float>(legacy_tree("TreeEnsembleRegressor", since, nan_x, none).run()[0].tensor()),
               {1.25, 0.5});
    Attributes one_base = regressor("SUM");
    one_base.set("base_values", std::vector<float>{10});
    CHECK(!regressor_error(since, nan_x, one_base).empty());
    // Without nodes_missing_value_tracks_true NaN takes node 0's false branch, node 2 (9 < 2 is
    // false): leaf 4 (target 1 += -1).
    Attributes untracked;
    for (const auto& [name, value] : none.values())
      if (name != "nodes_missing_value_tracks_true") untracked.set(name, value);
    check_same(ml_tree_values<float>(legacy_tree("TreeEnsembleRegressor", since, nan_x, untracked).run()[0].tensor()),
               {0.25, -0.5});
  }
}

}  // namespace tree_ensemble_regressor_versions

namespace tree_rules_tests {

// spec: TreeEnsembleRegressor-3: "Base values for regression, added to final prediction after applying aggregate_function; the size must be the same as the classes or can be left unassigned (assumed 0)"
// spec: TreeEnsembleRegressor-3: "Returns the regressed values for each input in N.<br> All args with nodes_ are fields of a tuple of tree nodes, and it is assumed they are the same length, and an index i will decode the tuple across these inputs."
TEST_CASE("TreeEnsembleRegressor-3: base values per target or none (0); node lists of one length") {
  const Tensor x = floats({1, 2}, {0, 0});
  const auto values = [&](const Attributes& a) {
    return ml_tree_values<float>(run_ml_tree("TreeEnsembleRegressor", 3, x, a)[0].tensor());
  };
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

}  // namespace tree_rules_tests
