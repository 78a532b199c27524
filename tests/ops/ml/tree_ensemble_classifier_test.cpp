// Unit tests of ops/ml/tree_ensemble_classifier.cpp.
#include "helpers/ml_trees.h"

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
