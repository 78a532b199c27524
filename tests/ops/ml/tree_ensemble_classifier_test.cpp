// Unit tests of ops/ml/tree_ensemble_classifier.cpp.
#include "helpers/ml_trees.h"
#include "helpers/tree_rules.h"

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
  CHECK(ml_tree_error("TreeEnsembleClassifier", 3, x, a) ==
        "exactly one of attributes 'classlabels_int64s' and 'classlabels_strings' must be set");
  Attributes s = classifier({0, 2, 1, 2}, {1, 0.75f, 2, 0.5f}, "SOFTMAX");
  s.set("classlabels_strings", std::vector<std::string>{"a", "b", "c"});
  out = run_ml_tree(
      "TreeEnsembleClassifier", 1, floats({1, 2}, {0, 0}),
      [&] {
        Attributes b = ml_tree_defaults("TreeEnsembleClassifier", 1);
        for (const auto& entry : s.values()) b.set(entry.first, entry.second);
        return b;
      }(),
      2);
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

namespace tree_ensemble_classifier_versions {

// The attributes of `a` over the defaults of `since`; version 5 runs with the deprecated versions
// allowed (their refusal: tests/interpreter/deprecated_versions_test.cpp).
testing::OpTester legacy_classifier(int since, const Tensor& x, const Attributes& a) {
  Attributes all = ml_tree_defaults("TreeEnsembleClassifier", since);
  for (const auto& entry : a.values()) all.set(entry.first, entry.second);
  LoadOptions load;
  load.allow_deprecated = true;
  testing::OpTester t("TreeEnsembleClassifier", since, kMl);
  t.input(Value(x)).attributes(all).outputs(2).load_options(load);
  return t;
}

std::string classifier_error(int since, const Tensor& x, const Attributes& a) {
  return testing::node_rule(legacy_classifier(since, x, a).error_of());
}

// Leaf 1 votes class 0 += 1 and class 2 += 0.75; leaf 3 class 1 += 2; leaf 4 class 2 += 0.5.
Attributes three_classes() {
  Attributes a = classifier({0, 2, 1, 2}, {1, 0.75f, 2, 0.5f}, "NONE");
  a.set("classlabels_int64s", std::vector<int64_t>{7, 8, 9});
  return a;
}

Attributes without(const Attributes& a, const std::string& dropped) {
  Attributes out;
  for (const auto& entry : a.values())
    if (entry.first != dropped) out.set(entry.first, entry.second);
  return out;
}

// spec: TreeEnsembleClassifier-1,3,5: "The attributes named 'nodes_X' form a sequence of tuples, associated by index into the sequences, which must all be of equal length."
// spec: TreeEnsembleClassifier-1,5: "A leaf may have multiple votes, where each vote is weighted by the associated class_weights index."
// spec: TreeEnsembleClassifier-1,5: "One and only one of classlabels_strings or classlabels_int64s will be defined."
// spec: TreeEnsembleClassifier-1: "Class labels if using integer labels.<br>One and only one of the 'classlabels_*' attributes must be defined."
// spec: TreeEnsembleClassifier-1: "Class labels if using string labels.<br>One and only one of the 'classlabels_*' attributes must be defined."
// spec: TreeEnsembleClassifier-1,3: "There is no comparison to make at a leaf node.<br>One of 'BRANCH_LEQ', 'BRANCH_LT', 'BRANCH_GTE', 'BRANCH_GT', 'BRANCH_EQ', 'BRANCH_NEQ', 'LEAF'"
// spec: TreeEnsembleClassifier-1,3: "Indicates the transform to apply to the score. <br> One of 'NONE,' 'SOFTMAX,' 'LOGISTIC,' 'SOFTMAX_ZERO,' or 'PROBIT.'"
// spec: TreeEnsembleClassifier-1,3: "The input type must be a tensor of a numeric type."
TEST_CASE(
    "TreeEnsembleClassifier-1, -3, -5: weighted votes, node lists of one length, one label list, named enumerations, "
    "numeric X") {
  const Tensor x = floats({2, 2}, {0, 0, 1, 1});
  for (int since : {1, 3, 5}) {
    CAPTURE(since);
    // Row [0, 0] reaches leaf 1 (scores [1, 0, 0.75]); row [1, 1] leaf 3 ([0, 2, 0]).
    const auto out = legacy_classifier(since, x, three_classes()).run();
    check_same(ml_tree_values<int64_t>(out[0].tensor()), {7, 8});
    check_same(ml_tree_values<float>(out[1].tensor()), {1, 0, 0.75, 0, 2, 0});
    Attributes a = three_classes();
    a.set("nodes_values", std::vector<float>{0.5f, 0, 2});
    CHECK(classifier_error(since, x, a) == "attribute 'nodes_values' has 3 values, 'nodes_nodeids' 6");
    a = three_classes();
    a.set("classlabels_strings", std::vector<std::string>{"a", "b", "c"});
    CHECK(classifier_error(since, x, a) ==
          "exactly one of attributes 'classlabels_int64s' and 'classlabels_strings' must be set");
    CHECK(classifier_error(since, x, without(three_classes(), "classlabels_int64s")) ==
          "exactly one of attributes 'classlabels_int64s' and 'classlabels_strings' must be set");
    a = three_classes();
    a.set("nodes_modes", std::vector<std::string>{"BRANCH_LEQ", "LEAF", "BRANCH_XX", "LEAF", "LEAF", "LEAF"});
    CHECK(classifier_error(since, x, a).find("attribute 'nodes_modes' holds 'BRANCH_XX'") == 0);
    a = three_classes();
    a.set("post_transform", std::string("SOFTPLUS"));
    CHECK(!classifier_error(since, x, a).empty());
    CHECK(!classifier_error(since, Tensor::from_strings({1, 2}, {"a", "b"}), three_classes()).empty());
  }
}

// spec: TreeEnsembleClassifier-1,3: "Base values for classification, added to final class score; the size must be the same as the classes or can be left unassigned (assumed 0)"
// spec: TreeEnsembleClassifier-1,3: "This attribute may be left undefined, and the default value is false (0) for all nodes."
TEST_CASE(
    "TreeEnsembleClassifier-1, -3: base values per class or none (0); NaN goes to the false branch unless tracked") {
  const Tensor nan_x = floats({1, 2}, {NAN, 1});
  for (int since : {1, 3}) {
    CAPTURE(since);
    // NaN x0 tracks true at node 0: leaf 1, scores [1, 0, 0.75].
    check_same(ml_tree_values<float>(legacy_classifier(since, nan_x, three_classes()).run()[1].tensor()), {1, 0, 0.75});
    Attributes based = three_classes();
    based.set("base_values", std::vector<float>{0.5f, 0.25f, 0});
    check_same(ml_tree_values<float>(legacy_classifier(since, nan_x, based).run()[1].tensor()), {1.5, 0.25, 0.75});
    based.set("base_values", std::vector<float>{0.5f, 0.25f});
    CHECK(!classifier_error(since, nan_x, based).empty());
    // Untracked, NaN takes node 0's false branch to node 2 (1 < 2): leaf 3, scores [0, 2, 0].
    check_same(ml_tree_values<float>(
                   legacy_classifier(since, nan_x, without(three_classes(), "nodes_missing_value_tracks_true"))
                       .run()[1]
                       .tensor()),
               {0, 2, 0});
  }
  // The tensor form of version 3 has the same rule.
  // spec: TreeEnsembleClassifier-3: "Base values for classification, added to final class score; the size must be the same as the classes or can be left unassigned (assumed 0)"
  Attributes tensor_based = three_classes();
  tensor_based.set("base_values_as_tensor", doubles({3}, {0.5, 0.25, 0}));
  check_same(ml_tree_values<float>(legacy_classifier(3, nan_x, tensor_based).run()[1].tensor()), {1.5, 0.25, 0.75});
  tensor_based.set("base_values_as_tensor", doubles({2}, {0.5, 0.25}));
  CHECK(!classifier_error(3, nan_x, tensor_based).empty());
}

// spec: TreeEnsembleClassifier-3,5: "All fields ending with <i>_as_tensor</i> can be used instead of the same parameter without the suffix if the element type is double and not float."
TEST_CASE("TreeEnsembleClassifier-3, -5: the double forms stand for the float ones") {
  const Tensor x = floats({2, 2}, {0, 0, 1, 1});
  for (int since : {3, 5}) {
    CAPTURE(since);
    Attributes d = without(three_classes(), "class_weights");
    d.set("class_weights_as_tensor", doubles({4}, {1, 0.75, 2, 0.5}));
    check_same(ml_tree_values<float>(legacy_classifier(since, x, d).run()[1].tensor()), {1, 0, 0.75, 0, 2, 0});
  }
}

// A departure (docs/DEPARTURES.md, TreeEnsembleClassifier): the text lets node ids run on across
// trees but does not say which node is then a tree's root; onnx-ref roots each tree at its node id 0
// and refuses a tree without one.
// spec: TreeEnsembleClassifier-1,3: "Ids may restart at zero for each tree, but it not required to."
TEST_CASE("TreeEnsembleClassifier-1, -3: a tree without node id 0 is refused (its root is not named)") {
  Attributes a = three_classes();
  a.set("nodes_nodeids", std::vector<int64_t>{0, 1, 2, 3, 4, 5});
  for (int since : {1, 3})
    CHECK(classifier_error(since, floats({1, 2}, {0, 0}), a) == "tree 1 has no node id 0, its root");
}

}  // namespace tree_ensemble_classifier_versions

namespace tree_rules_tests {

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
  const Attributes neither =
      without(classifier({0, 1, 1}, {1, 1, 1}, "NONE"), {"classlabels_int64s", "classlabels_strings"});
  CHECK(!ml_tree_error("TreeEnsembleClassifier", 3, x, neither).empty());
}

}  // namespace tree_rules_tests
