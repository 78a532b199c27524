// NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss: reductions, weights, ignore_index, the
// optional log_prob, bad targets; expected values by hand (exact dyadic inputs) and ln 2's
// correctly rounded double.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <cmath>
#include <vector>

#include "ops/registry.h"
#include "runtime/error.h"

using namespace onnx_ref;

namespace {

std::vector<Value> loss_run(const std::string& op, int opset, std::vector<std::optional<Value>> inputs,
                            Attributes attrs = {}, size_t outputs = 1) {
  REQUIRE(Registry::builtin().resolve("", op, opset) != nullptr);
  return testing::run_node_rule(op, opset, inputs, attrs, outputs);
}
Value loss_doubles(Shape s, std::vector<double> v) {
  return Value(Tensor::from_values<double>(ElementType::Double, std::move(s), v));
}
Value loss_targets(Shape s, std::vector<int64_t> v) {
  return Value(Tensor::from_values<int64_t>(ElementType::Int64, std::move(s), v));
}
std::vector<double> loss_values(const Value& v) {
  const Tensor& t = v.tensor();
  return std::vector<double>(t.data_as<double>(), t.data_as<double>() + t.element_count());
}
Attributes loss_reduction(const std::string& r) {
  Attributes a;
  a.set("reduction", r);
  return a;
}

}  // namespace
