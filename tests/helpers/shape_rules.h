#pragma once
// The helpers of the shape_rules_test cases, shared by the operator test files they were
// split into.
// Flatten, Size, Squeeze, Unsqueeze, Reshape and Shape, every version: the axis and shape rules of
// the ONNX 1.22.0 text, each check citing its sentence. Expected shapes by hand.
#include <doctest/doctest.h>
#include <functional>
#include <string>
#include <vector>
#include "op_tester.h"
#include "runtime/error.h"

namespace shape_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

inline Tensor i64(std::vector<int64_t> v) {
  return Tensor::from_values<int64_t>(T::Int64, {static_cast<int64_t>(v.size())}, v);
}
// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
inline const Tensor& kX() {
  static const Tensor t = Tensor::zeros(T::Float, {2, 3, 4});
  return t;
}

inline Tensor run(const char* op, int64_t v, std::vector<Tensor> inputs,
                  const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(Value(std::move(i)));
  if (attrs) attrs(t);
  return t.run_tensor();
}
inline auto axis(int64_t a) {
  return [a](OpTester& t) { t.attribute("axis", a); };
}

// Squeeze and Unsqueeze with their axes as the version takes them (attribute before 13, input from 13).
inline Tensor squeeze(int64_t v, const Tensor& x, std::vector<int64_t> axes) {
  if (v < 13) return run("Squeeze", v, {x}, [axes](OpTester& t) { t.attribute("axes", axes); });
  return run("Squeeze", v, {x, i64(axes)});
}
inline Tensor unsqueeze(int64_t v, std::vector<int64_t> axes) {
  const Tensor x = Tensor::zeros(T::Float, {3});
  if (v < 13) return run("Unsqueeze", v, {x}, [axes](OpTester& t) { t.attribute("axes", axes); });
  return run("Unsqueeze", v, {x, i64(axes)});
}

}  // namespace shape_rules_tests
