// Unit tests of ops/ml/tree_ensemble_regressor.cpp.
#include "helpers/ml_trees.h"

TEST_CASE("TreeEnsembleRegressor: SUM, AVERAGE, MIN, MAX with base values, versions 1 and 3 (5 is deprecated: tests/interpreter/deprecated_versions_test.cpp)") {
  // Rows [0.5, 9], [1, 1], [1, 3], [NaN, 3] (NaN tracks true at node 0).
  const Tensor x = floats({4, 2}, {0.5f, 9, 1, 1, 1, 3, NAN, 3});
  for (int since : {1, 3}) {
    CAPTURE(since);
    Attributes a = regressor("SUM");
    if (since == 1) a = [&] {
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
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, d) == "attributes 'target_weights' and 'target_weights_as_tensor' are both set; give one");
}

TEST_CASE("TreeEnsembleRegressor: bad node lists are refused") {
  const Tensor x = floats({1, 2}, {0, 0});
  Attributes a = regressor("SUM");
  a.set("nodes_truenodeids", std::vector<int64_t>{1, 0, 7, 0, 0, 0});
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, a) == "tree 0 node 2's true branch points to node id 7, which tree 0 does not have");
  a = regressor("SUM");
  a.set("nodes_falsenodeids", std::vector<int64_t>{2, 0, 0, 0, 0, 0});  // node 2 -> node 0: a cycle
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, a) == "node 1 leads back to node 0: the trees have a cycle");
  a = regressor("SUM");
  a.set("target_ids", std::vector<int64_t>{0, 0, 1, 0});
  // spec: TreeEnsembleRegressor-3: "All fields prefixed with target_ are tuples of votes at the leaves."
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, a) == "attribute 'target_ids' has 4 values, 'target_nodeids' 5");
  a = regressor("MEDIAN");
  // spec: TreeEnsembleRegressor-3: "Defines how to aggregate leaf values within a target. <br>One of 'AVERAGE,' 'SUM,' 'MIN,' 'MAX.'"
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, a) == "attribute 'aggregate_function' = 'MEDIAN' is none of AVERAGE, SUM, MIN, MAX");
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
