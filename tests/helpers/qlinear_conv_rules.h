// QLinearConv-10: the attribute defaults, scale and zero-point rules and bias quantization of the
// ONNX 1.22.0 text, each check citing its sentence. Every scale is 1 and every zero point 0 unless
// said, so the output is the integer convolution: x = [1, 2, 3], w = [1, 1] gives [3, 5].
// The helpers of these cases, shared by the operator test files they moved to.
#pragma once
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace qlinear_conv_rules_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor u8(Shape s, std::vector<uint8_t> v) { return Tensor::from_values<uint8_t>(T::UInt8, std::move(s), v); }
Tensor scale(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }

std::vector<uint8_t> qconv(std::vector<std::optional<Tensor>> replace, const std::function<void(OpTester&)>& attrs = {},
                           std::optional<Tensor> bias = std::nullopt) {
  std::vector<std::optional<Tensor>> in = {u8({1, 1, 3}, {1, 2, 3}), scale({}, {1}), u8({}, {0}),
                                           u8({1, 1, 2}, {1, 1}),    scale({}, {1}), u8({}, {0}),
                                           scale({}, {1}),           u8({}, {0})};
  for (size_t i = 0; i < replace.size() && i < in.size(); ++i)
    if (replace[i]) in[i] = replace[i];
  OpTester t("QLinearConv", 10);
  for (auto& i : in) t.input(Value(*i));
  if (bias) t.input(Value(*bias));
  if (attrs) attrs(t);
  const Tensor y = t.run_tensor();
  return {y.data_as<uint8_t>(), y.data_as<uint8_t>() + y.element_count()};
}

}  // namespace
}  // namespace qlinear_conv_rules_tests

namespace qlinear_conv_pair_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using qlinear_conv_rules_tests::qconv;
using qlinear_conv_rules_tests::scale;
using qlinear_conv_rules_tests::u8;

}  // namespace
}  // namespace qlinear_conv_pair_tests
