// The ai.onnx.ml operators: the "one and only one" attribute rules, lengths that must agree, named
// enumerations and shapes of the ONNX 1.22.0 text, each check citing its sentence. Expected values
// by hand.
// The helpers of these cases, shared by the operator test files they moved to.
#pragma once
#include "helpers/ml_ops.h"

#include <doctest/doctest.h>

namespace ml_rules_tests {
namespace {

bool refused(const std::string& op, int since, const std::vector<Tensor>& xs, const Attributes& attrs,
             size_t outputs = 1) {
  const std::string message = ml_op_error(op, since, xs, attrs, outputs);
  INFO(op, "-", since, ": ", message);
  return !message.empty() && message.find('\n') == std::string::npos;
}

}  // namespace
}  // namespace ml_rules_tests
