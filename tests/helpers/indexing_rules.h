// Gather, GatherElements, GatherND, ScatterElements, ScatterND, OneHot, Trilu, Unique, Compress,
// ReverseSequence and NonMaxSuppression, every version: the rules of the ONNX 1.22.0 text (default
// axes, accepted ranges, index bounds, output shapes, defaults), each check citing its sentence.
// Expected values by hand.
// The helpers of these cases, shared by the operator test files they moved to.
#pragma once
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "helpers/rule_tensors.h"
#include "op_tester.h"
#include "runtime/error.h"

namespace indexing_rules_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

using rule_tensors::f32;
using rule_tensors::floats;
using rule_tensors::i64;
using rule_tensors::ints;

OpTester node(const char* op, int64_t v, std::vector<Tensor> inputs, const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(Value(std::move(i)));
  if (attrs) attrs(t);
  return t;
}
Tensor run(const char* op, int64_t v, std::vector<Tensor> inputs, const std::function<void(OpTester&)>& attrs = {}) {
  return node(op, v, std::move(inputs), attrs).run_tensor();
}
auto axis(int64_t a) {
  return [a](OpTester& t) { t.attribute("axis", a); };
}

// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
const Tensor& kData() {
  static const Tensor t = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  return t;
}

}  // namespace
}  // namespace indexing_rules_tests
