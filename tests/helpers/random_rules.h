#pragma once
// The helpers of the random_rules_test cases, shared by the operator test files they were
// split into.
// RandomNormal, RandomUniform, their Like forms and Bernoulli, every version: the dtype defaults and
// checks, shapes and ranges of the ONNX 1.22.0 text, each check citing its sentence.
#include <doctest/doctest.h>
#include <functional>
#include <string>
#include <vector>
#include "op_tester.h"
#include "runtime/error.h"

namespace random_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

inline Tensor run(const char* op, int64_t v, std::vector<Tensor> inputs, const std::function<void(OpTester&)>& attrs) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(Value(std::move(i)));
  t.attribute("seed", 3.0f);
  if (attrs) attrs(t);
  return t.run_tensor();
}
inline auto shape(std::vector<int64_t> s) {
  return [s](OpTester& t) { t.attribute("shape", s); };
}
inline auto dtype(T type) {
  return [type](OpTester& t) { t.attribute("dtype", static_cast<int64_t>(code_of(type))); };
}

}  // namespace random_rules_tests
