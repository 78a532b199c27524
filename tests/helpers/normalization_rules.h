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
#include "rule_tensors.h"
#include "runtime/error.h"

namespace normalization_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

using namespace rule_tensors;  // f32, i64, floats, ints

inline OpTester node(const char* op, int64_t v, std::vector<std::optional<Tensor>> inputs,
                     const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(i ? std::optional<Value>(Value(*i)) : std::nullopt);
  if (attrs) attrs(t);
  return t;
}

}  // namespace normalization_rules_tests
