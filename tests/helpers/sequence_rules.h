// The sequence and optional operators (version 11 sequences, SplitToSequence 11 and 24, Optional*):
// positions, defaults, scalars and types of the ONNX 1.22.0 text, each check citing its sentence.
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

namespace sequence_rules_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using rule_tensors::f32;
using rule_tensors::i64;
using T = ElementType;

float first(const Tensor& t) { return t.data_as<float>()[0]; }

// A sequence of three one-element tensors [10], [20], [30].
Value three() { return Value::sequence(T::Float, {f32({1}, {10}), f32({1}, {20}), f32({1}, {30})}); }

std::vector<Value> run(const char* op, std::vector<std::optional<Value>> inputs,
                       const std::function<void(OpTester&)>& attrs = {}, int64_t v = 11) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(std::move(i));
  if (attrs) attrs(t);
  return t.run();
}
std::vector<float> firsts(const Value& seq) {
  std::vector<float> out;
  for (const Tensor& t : seq.items()) out.push_back(first(t));
  return out;
}

}  // namespace
}  // namespace sequence_rules_tests

namespace sequence_position_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using sequence_rules_tests::f32;
using sequence_rules_tests::firsts;
using sequence_rules_tests::i64;
using sequence_rules_tests::run;
using sequence_rules_tests::three;

}  // namespace
}  // namespace sequence_position_tests
