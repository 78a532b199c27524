// Add, Sub, Mul, Div, Pow (legacy broadcasting), Max, Min, Mean, Sum, Erf, Sign, Round, IsInf and
// Mod: the rules of the ONNX 1.22.0 text, each check citing its sentence. Expected values by hand
// (small integers and halves: every result exact).
// The helpers of these cases, shared by the operator test files they moved to.
#pragma once
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace math_rules_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }
std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }

Tensor run(const char* op, int64_t v, std::vector<Tensor> inputs, const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(Value(std::move(i)));
  if (attrs) attrs(t);
  return t.run_tensor();
}
const auto kBroadcast = [](OpTester& t) { t.attribute("broadcast", int64_t{1}); };

}  // namespace
}  // namespace math_rules_tests
