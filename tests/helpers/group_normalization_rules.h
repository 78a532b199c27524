#pragma once
// The helpers of the group_normalization_rules_test cases, shared by the operator test files they were
// split into.
// GroupNormalization-21 against InstanceNormalization and LayerNormalization, and
// BatchNormalization-14/15's required inputs: sentences of the ONNX 1.22.0 text, each check citing
// its sentence.
#include <doctest/doctest.h>
#include <functional>
#include <string>
#include <vector>
#include "op_tester.h"
#include "runtime/error.h"

namespace group_normalization_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

inline Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }

inline const std::vector<float> kData = {0.5f, -1.25f, 3, 2, 7.5f, -0.75f, 1, 4};

inline Tensor group_norm(int64_t groups) {
  OpTester t("GroupNormalization", 21);
  t.input(Value(f32({1, 2, 4}, kData))).input(Value(f32({2}, {1, 1}))).input(Value(f32({2}, {0, 0})));
  t.attribute("num_groups", groups);
  return t.run_tensor();
}

}  // namespace group_normalization_rules_tests
