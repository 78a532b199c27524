// The ai.onnx.ml tree ensembles: TreeEnsemble-5, TreeEnsembleRegressor, TreeEnsembleClassifier.
// Expected scores are hand-computed sums of the leaves each row reaches (exact in binary); the
// post_transform values are mpmath's at 300 bits (1400 for the far tail) rounded once to the output
// format, written as hexadecimal literals.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "ops/registry.h"
#include "runtime/error.h"

using namespace onnx_ref;
using T = ElementType;

namespace {

const char* kMl = "ai.onnx.ml";

Attributes ml_tree_defaults(const std::string& op, int since) {
  Attributes a;
  const OpVersion* v = Registry::builtin().resolve(kMl, op, since);
  REQUIRE(v);
  REQUIRE(v->since_version == since);
  for (const auto& spec : v->attributes)
    if (spec.default_value) a.set(spec.name, *spec.default_value);
  return a;
}

std::vector<Value> run_ml_tree(const std::string& op, int since, const Tensor& x, const Attributes& attrs,
                               size_t outputs = 1) {
  REQUIRE(Registry::builtin().resolve(kMl, op, since) != nullptr);
  return testing::run_node_rule(op, since, {Value(x)}, attrs, outputs, kMl);
}

std::string ml_tree_error(const std::string& op, int since, const Tensor& x, const Attributes& attrs) {
  try {
    run_ml_tree(op, since, x, attrs, op == "TreeEnsembleClassifier" ? 2 : 1);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

template <class V>
std::vector<double> ml_tree_values(const Tensor& t) {
  std::vector<double> out;
  for (int64_t i = 0; i < t.element_count(); ++i) out.push_back(static_cast<double>(t.data_as<V>()[i]));
  return out;
}

void check_same(const std::vector<double>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    CAPTURE(i);
    if (std::isnan(want[i]))
      CHECK(std::isnan(got[i]));
    else
      CHECK(got[i] == want[i]);
  }
}

Tensor floats(Shape shape, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(shape), v); }
Tensor doubles(Shape shape, std::vector<double> v) {
  return Tensor::from_values<double>(T::Double, std::move(shape), v);
}

// Two trees over two features, four targets' worth of leaves:
//   tree 0: node 0 (x0 <= 0.5 ? leaf 0 : node 1), node 1 (x1 in {1, 3} ? leaf 1 : leaf 2)
//   tree 1: node 2 (x0 > 10 ? leaf 3 : leaf 4)
//   leaves: 0 -> target 0 += 0.25, 1 -> target 1 += 2, 2 -> target 1 += -1, 3 -> target 0 += 1,
//           4 -> target 0 += 0.5; node 1 sends NaN to its true branch.
Attributes two_trees(int64_t aggregate, int64_t post_transform) {
  Attributes a = ml_tree_defaults("TreeEnsemble", 5);
  a.set("aggregate_function", aggregate);
  a.set("post_transform", post_transform);
  a.set("n_targets", int64_t{2});
  a.set("tree_roots", std::vector<int64_t>{0, 2});
  a.set("nodes_modes", Tensor::from_values<uint8_t>(T::UInt8, {3}, {0, 6, 3}));
  a.set("nodes_featureids", std::vector<int64_t>{0, 1, 0});
  a.set("nodes_splits", doubles({3}, {0.5, 0, 10}));
  a.set("nodes_truenodeids", std::vector<int64_t>{0, 1, 3});
  a.set("nodes_trueleafs", std::vector<int64_t>{1, 1, 1});
  a.set("nodes_falsenodeids", std::vector<int64_t>{1, 2, 4});
  a.set("nodes_falseleafs", std::vector<int64_t>{0, 1, 1});
  a.set("nodes_missing_value_tracks_true", std::vector<int64_t>{0, 1, 0});
  a.set("membership_values", floats({3}, {3, 1, NAN}));
  a.set("leaf_targetids", std::vector<int64_t>{0, 1, 1, 0, 0});
  a.set("leaf_weights", floats({5}, {0.25f, 2, -1, 1, 0.5f}));
  return a;
}

const double kNaN = std::numeric_limits<double>::quiet_NaN(), kInf = std::numeric_limits<double>::infinity();

}  // namespace

namespace {

// TreeEnsembleRegressor / Classifier node lists: tree 0 is node 0 (x0 <= 0.5 ? node 1 : node 2),
// node 2 (x1 < 2 ? node 3 : node 4), nodes 1, 3, 4 leaves; tree 1 is a single leaf node 0.
void legacy_nodes(Attributes& a, const std::string& first_mode = "BRANCH_LEQ") {
  a.set("nodes_treeids", std::vector<int64_t>{0, 0, 0, 0, 0, 1});
  a.set("nodes_nodeids", std::vector<int64_t>{0, 1, 2, 3, 4, 0});
  a.set("nodes_modes", std::vector<std::string>{first_mode, "LEAF", "BRANCH_LT", "LEAF", "LEAF", "LEAF"});
  a.set("nodes_featureids", std::vector<int64_t>{0, 0, 1, 0, 0, 0});
  a.set("nodes_values", std::vector<float>{0.5f, 0, 2, 0, 0, 0});
  a.set("nodes_truenodeids", std::vector<int64_t>{1, 0, 3, 0, 0, 0});
  a.set("nodes_falsenodeids", std::vector<int64_t>{2, 0, 4, 0, 0, 0});
  a.set("nodes_missing_value_tracks_true", std::vector<int64_t>{1, 0, 0, 0, 0, 0});
}

Attributes regressor(const std::string& aggregate) {
  Attributes a = ml_tree_defaults("TreeEnsembleRegressor", 3);
  legacy_nodes(a);
  a.set("aggregate_function", aggregate);
  a.set("n_targets", int64_t{2});
  a.set("target_treeids", std::vector<int64_t>{0, 0, 0, 1, 1});
  a.set("target_nodeids", std::vector<int64_t>{1, 3, 4, 0, 0});
  a.set("target_ids", std::vector<int64_t>{0, 0, 1, 0, 1});
  a.set("target_weights", std::vector<float>{1, 2.5f, -1, 0.25f, 0.5f});
  a.set("base_values", std::vector<float>{10, 20});
  return a;
}

}  // namespace

namespace {

Attributes classifier(std::vector<int64_t> class_ids, std::vector<float> weights, const std::string& post) {
  Attributes a = ml_tree_defaults("TreeEnsembleClassifier", 3);
  legacy_nodes(a);
  a.set("post_transform", post);
  a.set("class_treeids", std::vector<int64_t>(class_ids.size(), 0));
  a.set("class_nodeids", std::vector<int64_t>{1, 1, 3, 4}.size() == class_ids.size() ? std::vector<int64_t>{1, 1, 3, 4}
                                                                                     : std::vector<int64_t>{1, 3, 4});
  a.set("class_ids", class_ids);
  a.set("class_weights", weights);
  // Tree 1 (a single leaf) gives no votes.
  return a;
}

}  // namespace
