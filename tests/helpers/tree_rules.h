// TreeEnsemble-5, TreeEnsembleRegressor-3 and TreeEnsembleClassifier-3: defaults and list rules of the
// ONNX 1.22.0 text, each check citing its sentence. The trees are those of tests/helpers/ml_trees.h.
// The helpers of these cases, shared by the operator test files they moved to.
#pragma once
#include "helpers/ml_trees.h"

#include <doctest/doctest.h>

namespace tree_rules_tests {
namespace {

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

}  // namespace
}  // namespace tree_rules_tests
