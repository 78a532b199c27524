#pragma once
// The helpers of the linalg_rules_test cases, shared by the operator test files they were
// split into.
// Conv, ConvTranspose, Gemm, MatMulInteger, ConvInteger, Det and Col2Im, every version: the rules of
// the ONNX 1.22.0 text (defaults of pads, strides, dilations, kernel shape, alpha and beta, channel
// counts, zero points), each check citing its sentence. Small integer data: every expected value is
// exact, by hand in the comments.
#include <doctest/doctest.h>
#include <functional>
#include <string>
#include <vector>
#include "op_tester.h"
#include "runtime/error.h"

namespace linalg_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

inline Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }
inline Tensor u8(Shape s, std::vector<uint8_t> v) { return Tensor::from_values<uint8_t>(T::UInt8, std::move(s), v); }
inline std::vector<float> floats(const Tensor& t) {
  return {t.data_as<float>(), t.data_as<float>() + t.element_count()};
}
inline std::vector<int32_t> int32s(const Tensor& t) {
  return {t.data_as<int32_t>(), t.data_as<int32_t>() + t.element_count()};
}

inline Tensor run(const char* op, int64_t v, std::vector<std::optional<Tensor>> inputs,
                  const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(i ? std::optional<Value>(Value(*i)) : std::nullopt);
  if (attrs) attrs(t);
  return t.run_tensor();
}
inline auto ints(const char* name, std::vector<int64_t> v) {
  return [name, v](OpTester& t) { t.attribute(name, v); };
}

}  // namespace linalg_rules_tests
