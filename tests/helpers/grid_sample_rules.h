#pragma once
// The helpers of the grid_sample_rules_test cases, shared by the operator test files they were
// split into.
// GridSample-16, -20 and -22: the mode and padding defaults, out-of-range grids and the reflection
// rule of the ONNX 1.22.0 text, each check citing its sentence. X is one row [1, 2, 3]; a default is
// checked by comparing the node without it with the node given the text's value, and another value.
#include <doctest/doctest.h>
#include <functional>
#include <string>
#include <vector>
#include "op_tester.h"
#include "runtime/error.h"

namespace grid_sample_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

inline std::vector<float> floats(const Tensor& t) {
  return {t.data_as<float>(), t.data_as<float>() + t.element_count()};
}

inline std::vector<float> sample(int64_t v, std::vector<float> xs, const std::function<void(OpTester&)>& attrs = {}) {
  const auto n = static_cast<int64_t>(xs.size());
  std::vector<float> grid;
  for (float x : xs) grid.insert(grid.end(), {x, 0.0f});
  OpTester t("GridSample", v);
  t.input(Value(Tensor::from_values<float>(T::Float, {1, 1, 1, 3}, {1, 2, 3})));
  t.input(Value(Tensor::from_values<float>(T::Float, {1, 1, n, 2}, grid)));
  if (attrs) attrs(t);
  return floats(t.run_tensor());
}
inline auto mode(const char* m) {
  return [m](OpTester& t) { t.attribute("mode", m); };
}
inline auto padding(const char* p) {
  return [p](OpTester& t) { t.attribute("padding_mode", p); };
}

}  // namespace grid_sample_rules_tests
