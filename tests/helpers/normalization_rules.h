#pragma once
// The helpers of the normalization_rules_test cases, shared by the operator test files they were
// split into.
// BatchNormalization, InstanceNormalization, Dropout, LpNormalization, MeanVarianceNormalization,
// LayerNormalization, GroupNormalization and RMSNormalization: the shape rules, defaults and
// refusals of the ONNX 1.22.0 text, each check citing its sentence. Expected values by hand.
#include <doctest/doctest.h>
#include <functional>
#include <string>
#include <vector>
#include "op_tester.h"
#include "runtime/error.h"

namespace normalization_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

inline Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }
inline std::vector<float> floats(const Tensor& t) {
  return {t.data_as<float>(), t.data_as<float>() + t.element_count()};
}

inline OpTester node(const char* op, int64_t v, std::vector<std::optional<Tensor>> inputs,
                     const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(i ? std::optional<Value>(Value(*i)) : std::nullopt);
  if (attrs) attrs(t);
  return t;
}

}  // namespace normalization_rules_tests
