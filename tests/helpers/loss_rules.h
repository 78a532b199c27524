#pragma once
// The helpers of the loss_rules_test cases, shared by the operator test files they were
// split into.
// NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss, every version: reductions, weights,
// ignore_index and target ranges of the ONNX 1.22.0 text, each check citing its sentence. Expected
// values from the text's Example 1 and by hand (each a quotient of small integers rounded once), and
// ln 2 from MPFR (tests/mpfr_oracle.h).
#include <doctest/doctest.h>
#include <functional>
#include <string>
#include <vector>
#include "mpfr_oracle.h"
#include "op_tester.h"
#include "rule_tensors.h"
#include "runtime/error.h"

namespace loss_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

using namespace rule_tensors;  // f32, i64, floats, ints

// The text's Example 1: N, C, d1 = 2, 3, 2.
// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
inline const Tensor& kInput() {
  static const Tensor t = Tensor::from_values<float>(T::Float, {2, 3, 2}, {1, 2, 2, 2, 3, 2, 0, 1, 2, 2, 1, 2});
  return t;
}
// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
inline const Tensor& kTarget() {
  static const Tensor t = i64({2, 2}, {2, 1, 0, 2});
  return t;
}

inline Tensor nll(int64_t v, const Tensor& target, std::optional<Tensor> weight,
                  const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t("NegativeLogLikelihoodLoss", v);
  t.input(Value(kInput())).input(Value(target));
  if (weight) t.input(Value(*weight));
  if (attrs) attrs(t);
  return t.run_tensor();
}
inline auto reduction(const char* r) {
  return [r](OpTester& t) { t.attribute("reduction", r); };
}

}  // namespace loss_rules_tests
