// The ai.onnx.ml tree ensembles: TreeEnsemble-5, TreeEnsembleRegressor, TreeEnsembleClassifier.
// Expected scores are hand-computed sums of the leaves each row reaches (exact in binary); the
// post_transform values are mpmath's at 300 bits (1400 for the far tail) rounded once to the output
// format, written as hexadecimal literals.
#include <doctest/doctest.h>

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

std::vector<Value> run_ml_tree(const std::string& op, int since, const Tensor& x, const Attributes& attrs, size_t outputs = 1) {
  const OpVersion* v = Registry::builtin().resolve(kMl, op, since);
  REQUIRE(v);
  if (v->check_attributes) v->check_attributes(attrs);
  std::vector<std::optional<Value>> inputs = {Value(x)};
  KernelContext ctx(attrs, inputs, outputs);
  return v->kernel(ctx);
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
Tensor doubles(Shape shape, std::vector<double> v) { return Tensor::from_values<double>(T::Double, std::move(shape), v); }

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
             {1, 0, 0x1.759b8355a1bb0p-3, 0x1.a2991f2a97914p-1, 0x1.c2f7d5a8a79cap-1,
              0x1.e84152bac31afp-4, 0x1.759b8355a1bb0p-3, 0x1.a2991f2a97914p-1});
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

TEST_CASE("TreeEnsemble-5: a far-tail PROBIT and a float PROBIT") {
  Attributes a = ml_tree_defaults("TreeEnsemble", 5);
  a.set("post_transform", int64_t{4});
  a.set("n_targets", int64_t{1});
  a.set("tree_roots", std::vector<int64_t>{0});
  a.set("nodes_modes", Tensor::from_values<uint8_t>(T::UInt8, {1}, {0}));
  a.set("nodes_featureids", std::vector<int64_t>{0});
  a.set("nodes_splits", doubles({1}, {0}));
  a.set("nodes_truenodeids", std::vector<int64_t>{0});
  a.set("nodes_falsenodeids", std::vector<int64_t>{1});
  a.set("nodes_trueleafs", std::vector<int64_t>{1});
  a.set("nodes_falseleafs", std::vector<int64_t>{1});
  a.set("leaf_targetids", std::vector<int64_t>{0, 0});
  a.set("leaf_weights", doubles({2}, {1e-300, 0.75}));
  check_same(ml_tree_values<double>(run_ml_tree("TreeEnsemble", 5, doubles({2, 1}, {0, 1}), a)[0].tensor()),
             {-0x1.286074064c26ep+5, 0x1.5956b87528a49p-1});
  a.set("leaf_weights", floats({2}, {0.1f, 0.75f}));
  check_same(ml_tree_values<float>(run_ml_tree("TreeEnsemble", 5, floats({1, 1}, {0}), a)[0].tensor()), {-0x1.4813c4p+0});
}

TEST_CASE("TreeEnsemble-5: references outside the tree, cycles and bad lengths are refused") {
  const Tensor x = doubles({1, 2}, {0, 0});
  Attributes a = two_trees(1, 0);
  a.set("nodes_falsenodeids", std::vector<int64_t>{7, 2, 4});
  CHECK(ml_tree_error("TreeEnsemble", 5, x, a) == "node 0's false branch points to node 7, outside the tree's 3 nodes and 5 leaves");
  a = two_trees(1, 0);
  a.set("nodes_truenodeids", std::vector<int64_t>{0, 9, 3});
  CHECK(ml_tree_error("TreeEnsemble", 5, x, a) == "node 1's true branch points to leaf 9, outside the tree's 3 nodes and 5 leaves");
  a = two_trees(1, 0);  // node 1's true branch back to node 0
  a.set("nodes_truenodeids", std::vector<int64_t>{0, 0, 3});
  a.set("nodes_trueleafs", std::vector<int64_t>{1, 0, 1});
  CHECK(ml_tree_error("TreeEnsemble", 5, x, a) == "node 1 leads back to node 0: the trees have a cycle");
  a = two_trees(1, 0);
  a.set("leaf_targetids", std::vector<int64_t>{0, 1, 1, 0});
  CHECK(ml_tree_error("TreeEnsemble", 5, x, a) == "attribute 'leaf_weights' has 5 values, 'leaf_targetids' 4");
  a = two_trees(1, 7);
  CHECK(ml_tree_error("TreeEnsemble", 5, x, a).find("attribute 'post_transform' = 7 is none of") == 0);
  a = two_trees(1, 0);
  CHECK(ml_tree_error("TreeEnsemble", 5, doubles({1, 1}, {0}), a) == "node 1 reads feature 1 but X has 1 features");
  a = two_trees(1, 0);
  a.set("membership_values", floats({2}, {3, 1}));
  CHECK(ml_tree_error("TreeEnsemble", 5, x, a) == "attribute 'membership_values' must end each set with a NaN, and its last value is not NaN");
}

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

TEST_CASE("TreeEnsembleRegressor: SUM, AVERAGE, MIN, MAX with base values, versions 1, 3 and 5") {
  // Rows [0.5, 9], [1, 1], [1, 3], [NaN, 3] (NaN tracks true at node 0).
  const Tensor x = floats({4, 2}, {0.5f, 9, 1, 1, 1, 3, NAN, 3});
  for (int since : {1, 3, 5}) {
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
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, a) == "attribute 'target_ids' has 4 values, 'target_nodeids' 5");
  a = regressor("MEDIAN");
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, a) == "attribute 'aggregate_function' = 'MEDIAN' is none of AVERAGE, SUM, MIN, MAX");
  a = regressor("SUM");
  a.set("post_transform", std::string("SOFTPLUS"));
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, a) ==
        "attribute 'post_transform' = 'SOFTPLUS' is none of NONE, SOFTMAX, LOGISTIC, SOFTMAX_ZERO, PROBIT");
  a = regressor("SUM");
  a.set("nodes_modes", std::vector<std::string>{"BRANCH_LEQ", "LEAF", "BRANCH_XX", "LEAF", "LEAF", "LEAF"});
  CHECK(ml_tree_error("TreeEnsembleRegressor", 3, x, a).find("attribute 'nodes_modes' holds 'BRANCH_XX'") == 0);
}

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

TEST_CASE("TreeEnsembleClassifier: scores, labels, SOFTMAX") {
  // Leaf 1 votes class 0 += 1 and class 2 += 0.75; leaf 3 class 1 += 2; leaf 4 class 2 += 0.5.
  Attributes a = classifier({0, 2, 1, 2}, {1, 0.75f, 2, 0.5f}, "NONE");
  a.set("classlabels_int64s", std::vector<int64_t>{7, 8, 9});
  const Tensor x = floats({3, 2}, {0, 0, 1, 1, 1, 3});
  auto out = run_ml_tree("TreeEnsembleClassifier", 3, x, a, 2);
  check_same(ml_tree_values<int64_t>(out[0].tensor()), {7, 8, 9});
  check_same(ml_tree_values<float>(out[1].tensor()), {1, 0, 0.75, 0, 2, 0, 0, 0, 0.5});
  a.set("post_transform", std::string("SOFTMAX"));
  a.set("classlabels_strings", std::vector<std::string>{"a", "b", "c"});
  CHECK(ml_tree_error("TreeEnsembleClassifier", 3, x, a) == "exactly one of attributes 'classlabels_int64s' and 'classlabels_strings' must be set");
  Attributes s = classifier({0, 2, 1, 2}, {1, 0.75f, 2, 0.5f}, "SOFTMAX");
  s.set("classlabels_strings", std::vector<std::string>{"a", "b", "c"});
  out = run_ml_tree("TreeEnsembleClassifier", 1, floats({1, 2}, {0, 0}), [&] {
    Attributes b = ml_tree_defaults("TreeEnsembleClassifier", 1);
    for (const auto& entry : s.values()) b.set(entry.first, entry.second);
    return b;
  }(), 2);
  CHECK(out[0].tensor().strings() == std::vector<std::string>{"a"});
  check_same(ml_tree_values<float>(out[1].tensor()), {0x1.dd04p-2, 0x1.5ef7eep-3, 0x1.73800ap-2});
}

TEST_CASE("TreeEnsembleClassifier: the binary case puts the one class's score in column 1") {
  // Every vote for class 0: leaf 1 += 0.25, leaf 3 += 0.75, leaf 4 += -0.75.
  Attributes a = classifier({0, 0, 0}, {0.25f, 0.75f, -0.75f}, "NONE");
  a.set("classlabels_int64s", std::vector<int64_t>{0, 1});
  const Tensor x = floats({3, 2}, {0, 0, 1, 1, 1, 3});
  auto out = run_ml_tree("TreeEnsembleClassifier", 3, x, a, 2);
  check_same(ml_tree_values<float>(out[1].tensor()), {0.75, 0.25, 0.25, 0.75, 1.75, -0.75});
  check_same(ml_tree_values<int64_t>(out[0].tensor()), {0, 1, 0});
  a.set("post_transform", std::string("LOGISTIC"));
  out = run_ml_tree("TreeEnsembleClassifier", 3, x, a, 2);
  check_same(ml_tree_values<float>(out[1].tensor()),
             {0x1.c054cep-2, 0x1.1fd59ap-1, 0x1.4885620p-2, 0x1.5bbd50p-1, 0x1.5bbd50p-1, 0x1.4885620p-2});
  check_same(ml_tree_values<int64_t>(out[0].tensor()), {1, 1, 0});
}
