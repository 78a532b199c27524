#pragma once
// The helpers of the deform_conv_rules_test cases, shared by the operator test files they were
// split into.
// DeformConv-19 and -22: the attribute and input defaults and the group rules of the ONNX 1.22.0
// text, each check citing its sentence. With zero offsets and a 1 x 1 kernel of weight 2 the output
// is 2x; a default is checked by comparing the node without it with the node given the text's value.
#include <doctest/doctest.h>
#include <functional>
#include <string>
#include <vector>
#include "op_tester.h"
#include "rule_tensors.h"
#include "runtime/error.h"

namespace deform_conv_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

using namespace rule_tensors;  // f32, i64, floats, ints

inline std::vector<float> deform(int64_t v, const Tensor& x, const Tensor& w, std::vector<std::optional<Tensor>> extra,
                                 const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t("DeformConv", v);
  t.input(Value(x)).input(Value(w)).input(Value(Tensor::zeros(T::Float, {1, 2, 2, 2})));
  for (auto& e : extra) t.input(e ? std::optional<Value>(Value(*e)) : std::nullopt);
  if (attrs) attrs(t);
  return floats(t.run_tensor());
}

}  // namespace deform_conv_rules_tests
