// ReverseSequence, Scatter, Unique and NonMaxSuppression: kernels on small tensors whose expected
// values are worked out by hand (the spec's own examples among them), and the refusals.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <climits>
#include <cmath>
#include <complex>

#include "ops/registry.h"
#include "rational_oracle.h"
#include "runtime/error.h"

using namespace onnx_ref;
using T = ElementType;

namespace {

std::vector<Value> misc_run(const std::string& op, int opset, std::vector<std::optional<Value>> inputs,
                            std::map<std::string, AttrValue> attrs = {}, size_t outputs = 1) {
  REQUIRE(Registry::builtin().resolve("", op, opset) != nullptr);
  Attributes a;
  for (const auto& [name, value] : attrs) a.set(name, value);
  return testing::run_node_rule(op, opset, inputs, a, outputs);
}

Tensor misc_i64(Shape shape, std::vector<int64_t> v) {
  return Tensor::from_values<int64_t>(T::Int64, std::move(shape), v);
}
Tensor misc_f32(Shape shape, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(shape), v); }
std::vector<int64_t> misc_ints(const Value& v) {
  const Tensor& t = v.tensor();
  return std::vector<int64_t>(t.data_as<int64_t>(), t.data_as<int64_t>() + t.element_count());
}
std::vector<float> misc_floats(const Value& v) {
  const Tensor& t = v.tensor();
  return std::vector<float>(t.data_as<float>(), t.data_as<float>() + t.element_count());
}

}  // namespace
