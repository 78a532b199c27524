// QLinearConv-10 on the packed 8-bit kernels: random 2-D layers with groups, strides, padding,
// per-channel weight scales and zero points and a bias, every combination of int8 and uint8,
// against an int64 convolution and the GMP requantization of tests/requantize_oracle.h, under every
// kernel configuration (tests/int8_kernel_configs.h).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "int8_kernel_configs.h"
#include "node_runner.h"
#include "requantize_oracle.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

namespace {

using ET = ElementType;

Tensor bytes_tensor(ET type, const Shape& shape, const std::vector<int32_t>& v) {
  if (type == ET::Int8) return Tensor::from_values<int8_t>(type, shape, std::vector<int8_t>(v.begin(), v.end()));
  return Tensor::from_values<uint8_t>(type, shape, std::vector<uint8_t>(v.begin(), v.end()));
}

std::vector<int32_t> random_values(std::mt19937& rng, ET type, int64_t n) {
  std::uniform_int_distribution<int> d(type == ET::Int8 ? -128 : 0, type == ET::Int8 ? 127 : 255);
  std::vector<int32_t> v;
  for (int64_t i = 0; i < n; ++i) v.push_back(d(rng));
  return v;
}

}  // namespace

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
          const std::vector<int32_t> x = random_values(rng, tx, C * H * W), w = random_values(rng, tw, M * Cg * KH * KW);
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
                      acc += (x[((g * Cg + c) * H + ih) * W + iw] - xz) * (w[((m * Cg + c) * KH + kh) * KW + kw] - wz[m]);
                    }
                expected.push_back(static_cast<int32_t>(requantize_oracle(acc, xs, ws[m], ys, yz, lo, hi)));
              }
          }
          CAPTURE(name_of(tx));
          CAPTURE(name_of(tw));
          CAPTURE(name_of(ty));
          for_each_int8_kernel_config([&] {
            const Tensor y = run_single_node(
                "QLinearConv", 10,
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
