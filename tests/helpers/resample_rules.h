#pragma once
// The helpers of the resample_rules_test cases, shared by the operator test files they were
// split into.
// Resize and Upsample, every version: the defaults (nearest, round_prefer_floor, extrapolation 0),
// the scales / sizes / axes rules of the ONNX 1.22.0 text, each check citing its sentence. Expected
// values by hand: x = [[1, 3]] doubled along axis 1.
#include <doctest/doctest.h>
#include <functional>
#include <string>
#include <vector>
#include "op_tester.h"
#include "runtime/error.h"

namespace resample_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

inline Tensor f32(std::vector<float> v) {
  return Tensor::from_values<float>(T::Float, {static_cast<int64_t>(v.size())}, v);
}
inline Tensor i64(std::vector<int64_t> v) {
  return Tensor::from_values<int64_t>(T::Int64, {static_cast<int64_t>(v.size())}, v);
}
inline std::vector<float> floats(const Tensor& t) {
  return {t.data_as<float>(), t.data_as<float>() + t.element_count()};
}
// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
inline const Tensor& kX() {
  static const Tensor t = Tensor::from_values<float>(T::Float, {1, 2}, {1, 3});
  return t;
}
// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
inline const Tensor& kEmpty() {
  static const Tensor t = Tensor::from_values<float>(T::Float, {0}, {});
  return t;
}

// Resize 11 and later: X, roi, scales, sizes (an omitted input as nullopt).
inline Tensor resize(int64_t v, std::optional<Tensor> roi, std::optional<Tensor> scales, std::optional<Tensor> sizes,
                     const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t("Resize", v);
  t.input(Value(kX())).input(roi ? std::optional<Value>(Value(*roi)) : std::nullopt);
  t.input(scales ? std::optional<Value>(Value(*scales)) : std::nullopt);
  if (sizes) t.input(Value(*sizes));
  if (attrs) attrs(t);
  return t.run_tensor();
}
inline std::optional<Tensor> no_scales(int64_t v) { return v == 11 ? std::optional<Tensor>(kEmpty()) : std::nullopt; }

}  // namespace resample_rules_tests
