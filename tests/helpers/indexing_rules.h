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

#include "op_tester.h"
#include "runtime/error.h"

namespace indexing_rules_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }
Tensor i64(Shape s, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(T::Int64, std::move(s), v); }
std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }
std::vector<int64_t> ints(const Tensor& t) { return {t.data_as<int64_t>(), t.data_as<int64_t>() + t.element_count()}; }

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
