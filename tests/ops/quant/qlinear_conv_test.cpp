// QLinearConv-10 on the packed 8-bit kernels: random 2-D layers with groups, strides, padding,
// per-channel weight scales and zero points and a bias, every combination of int8 and uint8,
// against an int64 convolution and the GMP requantization of tests/requantize_oracle.h, under every
// kernel configuration (tests/int8_kernel_configs.h).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "helpers/qlinear.h"
#include "helpers/qlinear_conv_rules.h"
#include "int8_kernel_configs.h"
#include "node_runner.h"
#include "requantize_oracle.h"

using ET = ElementType;

TEST_CASE("QLinearConv-10: random layers, per-channel scales and bias, every type pair and thread count") {
  // QLinearConv-10: "It means they must be either scalars (per tensor) or 1-D tensors (per output
  // channel)" for w_scale and w_zero_point; "Bias must be quantized using scale = x_scale * w_scale
  // and zero point as 0", added to the integer sums before requantization.
  std::mt19937 rng(1010);
  std::uniform_int_distribution<int> pick(0, 999);
  for (ET tx : {ET::UInt8, ET::Int8})
    for (ET tw : {ET::UInt8, ET::Int8})
      for (ET ty : {ET::UInt8, ET::Int8})
        for (int i = 0; i < 2; ++i) {
          const int64_t group = 1 + pick(rng) % 2, Cg = 1 + pick(rng) % 7, Mg = 1 + pick(rng) % 9;
          const int64_t C = group * Cg, M = group * Mg, KH = 1 + pick(rng) % 3, KW = 1 + pick(rng) % 3;
          const int64_t H = KH + pick(rng) % 20, W = KW + pick(rng) % 40, s = 1 + pick(rng) % 2, pad = pick(rng) % 2;
          const int64_t OH = (H + 2 * pad - KH) / s + 1, OW = (W + 2 * pad - KW) / s + 1;
          const std::vector<int32_t> x = random_values(rng, tx, C * H * W),
                                     w = random_values(rng, tw, M * Cg * KH * KW);
          const int32_t xz = random_values(rng, tx, 1)[0];
          const std::vector<int32_t> wz = random_values(rng, tw, M);
          const int32_t yz = random_values(rng, ty, 1)[0];
          std::vector<int32_t> bias;
          std::vector<float> ws;
          for (int64_t m = 0; m < M; ++m) {
            bias.push_back(std::uniform_int_distribution<int32_t>(-100000, 100000)(rng));
            ws.push_back(std::ldexp(1.0f + static_cast<float>(pick(rng)) / 1000.0f, -9));
          }
          const float xs = 0.0123f, ys = std::ldexp(1.7f, -3);
          const int64_t lo = ty == ET::Int8 ? -128 : 0, hi = ty == ET::Int8 ? 127 : 255;
          std::vector<int32_t> expected;
          for (int64_t m = 0; m < M; ++m) {
            const int64_t g = m / Mg;
            for (int64_t oh = 0; oh < OH; ++oh)
              for (int64_t ow = 0; ow < OW; ++ow) {
                int64_t acc = bias[m];
                for (int64_t c = 0; c < Cg; ++c)
                  for (int64_t kh = 0; kh < KH; ++kh)
                    for (int64_t kw = 0; kw < KW; ++kw) {
                      const int64_t ih = oh * s - pad + kh, iw = ow * s - pad + kw;
                      if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                      acc +=
                          (x[((g * Cg + c) * H + ih) * W + iw] - xz) * (w[((m * Cg + c) * KH + kh) * KW + kw] - wz[m]);
                    }
                expected.push_back(static_cast<int32_t>(requantize_oracle(acc, xs, ws[m], ys, yz, lo, hi)));
              }
          }
          CAPTURE(name_of(tx));
          CAPTURE(name_of(tw));
          CAPTURE(name_of(ty));
          for_each_int8_kernel_config([&] {
            const Tensor y =
                run_single_node("QLinearConv", 10,
                                {bytes_tensor(tx, {1, C, H, W}, x), Tensor::from_values<float>(ET::Float, {}, {xs}),
                                 bytes_tensor(tx, {}, {xz}), bytes_tensor(tw, {M, Cg, KH, KW}, w),
                                 Tensor::from_values<float>(ET::Float, {M}, ws), bytes_tensor(tw, {M}, wz),
                                 Tensor::from_values<float>(ET::Float, {}, {ys}), bytes_tensor(ty, {}, {yz}),
                                 Tensor::from_values<int32_t>(ET::Int32, {M}, bias)},
                                [&](onnx::NodeProto& node) {
                                  set_int(node, "group", group);
                                  set_ints(node, "strides", {s, s});
                                  set_ints(node, "pads", {pad, pad, pad, pad});
                                });
            REQUIRE(y.shape() == Shape{1, M, OH, OW});
            REQUIRE(y.type() == ty);
            std::vector<int32_t> got;
            for (int64_t i = 0; i < y.element_count(); ++i)
              got.push_back(ty == ET::Int8 ? y.data_as<int8_t>()[i] : y.data_as<uint8_t>()[i]);
            CHECK(got == expected);
          });
        }
}

TEST_CASE("QLinearConv: per-channel weight scales, bias and padding against a rational oracle") {
  // x [1, 1, 3, 3] uint8 (zero point 10), w [2, 1, 2, 2] int8 (zero point per channel), pads 1.
  const std::vector<uint8_t> x{0, 10, 20, 30, 40, 50, 60, 70, 255};
  const std::vector<int8_t> w{1, -2, 3, -4, 127, -128, 0, 5};
  const std::vector<int8_t> wzp{0, -3};
  const std::vector<float> ws{0.02f, 0.0013f};
  const std::vector<int32_t> bias{100, -7000};
  const float xs = 0.05f, ys = 0.37f;
  const Tensor y = qlinear_run(
      "QLinearConv", 10,
      {Tensor::from_values<uint8_t>(T::UInt8, {1, 1, 3, 3}, x), qlinear_scalar(xs),
       Tensor::from_values<uint8_t>(T::UInt8, {}, {10}), Tensor::from_values<int8_t>(T::Int8, {2, 1, 2, 2}, w),
       Tensor::from_values<float>(T::Float, {2}, ws), Tensor::from_values<int8_t>(T::Int8, {2}, wzp),
       qlinear_scalar(ys), Tensor::from_values<uint8_t>(T::UInt8, {}, {120}),
       Tensor::from_values<int32_t>(T::Int32, {2}, bias)},
      {{"pads", {1, 1, 1, 1}}});
  REQUIRE(y.shape() == Shape{1, 2, 4, 4});
  std::vector<uint8_t> expect;
  for (int m = 0; m < 2; ++m)
    for (int oy = 0; oy < 4; ++oy)
      for (int ox = 0; ox < 4; ++ox) {
        int64_t s = bias[static_cast<size_t>(m)];
        for (int ky = 0; ky < 2; ++ky)
          for (int kx = 0; kx < 2; ++kx) {
            const int iy = oy - 1 + ky, ix = ox - 1 + kx;
            if (iy < 0 || iy >= 3 || ix < 0 || ix >= 3) continue;
            s += (x[static_cast<size_t>(iy * 3 + ix)] - 10) *
                 (w[static_cast<size_t>(m * 4 + ky * 2 + kx)] - wzp[static_cast<size_t>(m)]);
          }
        expect.push_back(static_cast<uint8_t>(requantize_oracle(s, xs, ws[static_cast<size_t>(m)], ys, 120, 0, 255)));
      }
  CHECK(qlinear_values<uint8_t>(y) == expect);
}

namespace qlinear_conv_rules_tests {

// spec: QLinearConv-10: "If not present, should be inferred from input 'w'."
// spec: QLinearConv-10: "If not present, the dilation defaults to 1 along each spatial axis."
// spec: QLinearConv-10: "If not present, the stride defaults to 1 along each spatial axis."
// spec: QLinearConv-10: "number of groups input channels and output channels are divided into. default is 1."
// spec: QLinearConv-10: "Where default value is NOTSET, which means explicit padding is used."
// spec: QLinearConv-10: "auto_pad must be either NOTSET, SAME_UPPER, SAME_LOWER or VALID."
// spec: QLinearConv-10: "Padding for the beginning and ending along each spatial axis, it can take any value greater than or equal to 0."
TEST_CASE("QLinearConv-10: kernel from w, dilations, strides and group 1, explicit padding by default") {
  CHECK(qconv({}) == std::vector<uint8_t>{3, 5});
  CHECK(
      qconv({}, [](OpTester& t) {
        t.attribute("kernel_shape", std::vector<int64_t>{2}).attribute("dilations", std::vector<int64_t>{1});
        t.attribute("strides", std::vector<int64_t>{1}).attribute("group", int64_t{1}).attribute("auto_pad", "NOTSET");
      }) == std::vector<uint8_t>{3, 5});
  CHECK(qconv({}, [](OpTester& t) {
          t.attribute("pads", std::vector<int64_t>{1, 0});
        }) == std::vector<uint8_t>{1, 3, 5});
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
  CHECK(qconv({std::nullopt, std::nullopt, std::nullopt, w2, scale({2}, {1, 2}), u8({2}, {0, 0})}) ==
        std::vector<uint8_t>{3, 5, 6, 10});
  CHECK_THROWS_AS(qconv({std::nullopt, std::nullopt, std::nullopt, w2, scale({3}, {1, 2, 3}), u8({3}, {0, 0, 0})}),
                  Error);
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

// x, y: one scale and zero point for the tensor (one-element 1-D ones are accepted too:
// docs/DEPARTURES.md); w: both scalars or both of M elements.
// spec: QLinearConv-10: "It's a scalar, which means a per-tensor/layer quantization."
// spec: QLinearConv-10: "Each scale and zero-point pair must have same shape."
// spec: QLinearConv-10: "It means they must be either scalars (per tensor) or 1-D tensors (per output channel)."
TEST_CASE("QLinearConv-10: x and y scales and zero points per tensor; each scale and its zero point of one shape") {
  CHECK_THROWS_AS(qconv({std::nullopt, scale({2}, {1, 1})}), Error);
  CHECK_THROWS_AS(qconv({std::nullopt, std::nullopt, u8({2}, {0, 0})}), Error);
  CHECK_THROWS_AS(
      qconv({std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, scale({2}, {1, 1})}),
      Error);
  CHECK_THROWS_AS(qconv({std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt,
                         std::nullopt, u8({2}, {0, 0})}),
                  Error);
  const Tensor w2 = u8({2, 1, 2}, {1, 1, 1, 1});
  CHECK(qconv({std::nullopt, std::nullopt, std::nullopt, w2, scale({2}, {1, 2}), u8({2}, {0, 0})}) ==
        std::vector<uint8_t>{3, 5, 6, 10});
  CHECK_THROWS_AS(qconv({std::nullopt, std::nullopt, std::nullopt, w2, scale({2}, {1, 2}), u8({}, {0})}), Error);
  CHECK_THROWS_AS(qconv({std::nullopt, std::nullopt, std::nullopt, w2, scale({}, {1}), u8({2}, {0, 0})}), Error);
  CHECK_THROWS_AS(qconv({std::nullopt, std::nullopt, std::nullopt, w2, scale({1, 2}, {1, 2}), u8({1, 2}, {0, 0})}),
                  Error);
}

}  // namespace qlinear_conv_pair_tests
