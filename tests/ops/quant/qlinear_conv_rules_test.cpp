// QLinearConv-10: the attribute defaults, scale and zero-point rules and bias quantization of the
// ONNX 1.22.0 text, each check citing its sentence. Every scale is 1 and every zero point 0 unless
// said, so the output is the integer convolution: x = [1, 2, 3], w = [1, 1] gives [3, 5].
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace qlinear_conv_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor u8(Shape s, std::vector<uint8_t> v) { return Tensor::from_values<uint8_t>(T::UInt8, std::move(s), v); }
Tensor scale(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }

std::vector<uint8_t> qconv(std::vector<std::optional<Tensor>> replace, const std::function<void(OpTester&)>& attrs = {},
                           std::optional<Tensor> bias = std::nullopt) {
  std::vector<std::optional<Tensor>> in = {u8({1, 1, 3}, {1, 2, 3}), scale({}, {1}), u8({}, {0}), u8({1, 1, 2}, {1, 1}),
                                           scale({}, {1}), u8({}, {0}), scale({}, {1}), u8({}, {0})};
  for (size_t i = 0; i < replace.size() && i < in.size(); ++i)
    if (replace[i]) in[i] = replace[i];
  OpTester t("QLinearConv", 10);
  for (auto& i : in) t.input(Value(*i));
  if (bias) t.input(Value(*bias));
  if (attrs) attrs(t);
  const Tensor y = t.run_tensor();
  return {y.data_as<uint8_t>(), y.data_as<uint8_t>() + y.element_count()};
}

// spec: QLinearConv-10: "If not present, should be inferred from input 'w'."
// spec: QLinearConv-10: "If not present, the dilation defaults to 1 along each spatial axis."
// spec: QLinearConv-10: "If not present, the stride defaults to 1 along each spatial axis."
// spec: QLinearConv-10: "number of groups input channels and output channels are divided into. default is 1."
// spec: QLinearConv-10: "Where default value is NOTSET, which means explicit padding is used."
// spec: QLinearConv-10: "auto_pad must be either NOTSET, SAME_UPPER, SAME_LOWER or VALID."
// spec: QLinearConv-10: "Padding for the beginning and ending along each spatial axis, it can take any value greater than or equal to 0."
TEST_CASE("QLinearConv-10: kernel from w, dilations, strides and group 1, explicit padding by default") {
  CHECK(qconv({}) == std::vector<uint8_t>{3, 5});
  CHECK(qconv({}, [](OpTester& t) {
          t.attribute("kernel_shape", std::vector<int64_t>{2}).attribute("dilations", std::vector<int64_t>{1});
          t.attribute("strides", std::vector<int64_t>{1}).attribute("group", int64_t{1}).attribute("auto_pad", "NOTSET");
        }) == std::vector<uint8_t>{3, 5});
  CHECK(qconv({}, [](OpTester& t) { t.attribute("pads", std::vector<int64_t>{1, 0}); }) == std::vector<uint8_t>{1, 3, 5});
  CHECK_THROWS_AS(qconv({}, [](OpTester& t) { t.attribute("auto_pad", "SAME"); }), Error);
  CHECK_THROWS_AS(qconv({}, [](OpTester& t) { t.attribute("pads", std::vector<int64_t>{-1, 0}); }), Error);
}

// spec: QLinearConv-10: "It could be a scalar or a 1-D tensor, which means a per-tensor/layer or per output channel quantization."
// spec: QLinearConv-10: "If it's a 1-D tensor, its number of elements should be equal to the number of output channels (M)."
// spec: QLinearConv-10: "Each input or output and its related zero point must have same type."
// spec: QLinearConv-10: "Or in other words FILTER_IN_CHANNEL should be equal to DATA_CHANNEL."
TEST_CASE("QLinearConv-10: per-channel w scales of M elements; zero points of their input's type; channels agree") {
  // Two output channels with w scales [1, 2]: channel 1 doubled.
  const Tensor w2 = u8({2, 1, 2}, {1, 1, 1, 1});
  CHECK(qconv({std::nullopt, std::nullopt, std::nullopt, w2, scale({2}, {1, 2}), u8({2}, {0, 0})}) == std::vector<uint8_t>{3, 5, 6, 10});
  CHECK_THROWS_AS(qconv({std::nullopt, std::nullopt, std::nullopt, w2, scale({3}, {1, 2, 3}), u8({3}, {0, 0, 0})}), Error);
  CHECK_THROWS_AS(qconv({std::nullopt, std::nullopt, Tensor::from_values<int8_t>(T::Int8, {}, {0})}), Error);
  CHECK_THROWS_AS(qconv({std::nullopt, std::nullopt, std::nullopt, u8({1, 2, 2}, {1, 1, 1, 1})}), Error);
}

// spec: QLinearConv-10: "When bias is present it must be quantized using scale = input scale * weight scale and zero point as 0."
// spec: QLinearConv-10: "Bias must be quantized using scale = x_scale * w_scale and zero_point = 0"
TEST_CASE("QLinearConv-10: the int32 bias counts in units of x_scale * w_scale") {
  // x_scale 0.5, w_scale 2 (product 1), y_scale 1: bias 4 adds 4.
  CHECK(qconv({std::nullopt, scale({}, {0.5f}), std::nullopt, std::nullopt, scale({}, {2})}, {},
              Tensor::from_values<int32_t>(T::Int32, {1}, {4})) == std::vector<uint8_t>{7, 9});
}

}  // namespace qlinear_conv_rules_tests

namespace qlinear_conv_pair_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using qlinear_conv_rules_tests::qconv;
using qlinear_conv_rules_tests::scale;
using qlinear_conv_rules_tests::u8;

// x, y: one scale and zero point for the tensor (one-element 1-D ones are accepted too:
// docs/DEPARTURES.md); w: both scalars or both of M elements.
// spec: QLinearConv-10: "It's a scalar, which means a per-tensor/layer quantization."
// spec: QLinearConv-10: "Each scale and zero-point pair must have same shape."
// spec: QLinearConv-10: "It means they must be either scalars (per tensor) or 1-D tensors (per output channel)."
TEST_CASE("QLinearConv-10: x and y scales and zero points per tensor; each scale and its zero point of one shape") {
  CHECK_THROWS_AS(qconv({std::nullopt, scale({2}, {1, 1})}), Error);
  CHECK_THROWS_AS(qconv({std::nullopt, std::nullopt, u8({2}, {0, 0})}), Error);
  CHECK_THROWS_AS(qconv({std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, scale({2}, {1, 1})}), Error);
  CHECK_THROWS_AS(qconv({std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, u8({2}, {0, 0})}),
                  Error);
  const Tensor w2 = u8({2, 1, 2}, {1, 1, 1, 1});
  CHECK(qconv({std::nullopt, std::nullopt, std::nullopt, w2, scale({2}, {1, 2}), u8({2}, {0, 0})}) == std::vector<uint8_t>{3, 5, 6, 10});
  CHECK_THROWS_AS(qconv({std::nullopt, std::nullopt, std::nullopt, w2, scale({2}, {1, 2}), u8({}, {0})}), Error);
  CHECK_THROWS_AS(qconv({std::nullopt, std::nullopt, std::nullopt, w2, scale({}, {1}), u8({2}, {0, 0})}), Error);
  CHECK_THROWS_AS(qconv({std::nullopt, std::nullopt, std::nullopt, w2, scale({1, 2}, {1, 2}), u8({1, 2}, {0, 0})}), Error);
}

}  // namespace qlinear_conv_pair_tests
