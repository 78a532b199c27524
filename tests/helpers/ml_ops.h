// The ai.onnx.ml operators besides the trees: Binarizer, ArrayFeatureExtractor, LabelEncoder,
// LinearRegressor, LinearClassifier, Scaler, Imputer, FeatureVectorizer, Normalizer,
// OneHotEncoder, CategoryMapper. Expected values are hand-computed (exact in binary) or exact
// rationals rounded once to float (Python's fractions through mpmath, written as hex literals).
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

Attributes ml_op_defaults(const std::string& op, int since) {
  Attributes a;
  const OpVersion* v = Registry::builtin().resolve("ai.onnx.ml", op, since);
  REQUIRE(v);
  REQUIRE(v->since_version == since);
  for (const auto& spec : v->attributes)
    if (spec.default_value) a.set(spec.name, *spec.default_value);
  return a;
}

std::vector<Value> run_ml_op(const std::string& op, int since, const std::vector<Tensor>& xs, const Attributes& attrs,
                             size_t outputs = 1) {
  REQUIRE(Registry::builtin().resolve("ai.onnx.ml", op, since) != nullptr);
  const std::vector<std::optional<Value>> inputs(xs.begin(), xs.end());
  return testing::run_node_rule(op, since, inputs, attrs, outputs, "ai.onnx.ml");
}

std::string ml_op_error(const std::string& op, int since, const std::vector<Tensor>& xs, const Attributes& attrs,
                        size_t outputs = 1) {
  try {
    run_ml_op(op, since, xs, attrs, outputs);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

template <class V>
std::vector<V> ml_op_values(const Tensor& t) {
  return std::vector<V>(t.data_as<V>(), t.data_as<V>() + t.element_count());
}

Tensor ml_floats(Shape shape, std::vector<float> v) {
  return Tensor::from_values<float>(T::Float, std::move(shape), v);
}
Tensor ml_int64s(Shape shape, std::vector<int64_t> v) {
  return Tensor::from_values<int64_t>(T::Int64, std::move(shape), v);
}
Tensor ml_strings(Shape shape, std::vector<std::string> v) {
  return Tensor::from_strings(std::move(shape), std::move(v));
}

}  // namespace
