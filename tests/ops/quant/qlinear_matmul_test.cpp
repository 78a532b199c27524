// QLinearMatMul (10, 21) on the packed 8-bit kernels: batched operands with per-row and per-column
// scales and zero points, every combination of int8 and uint8, against an int64 product and the
// GMP requantization of tests/requantize_oracle.h, under every kernel configuration.
#include <doctest/doctest.h>

#include <cmath>
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

TEST_CASE("QLinearMatMul-10/21: batched, per-row a and per-column b quantization, every type pair") {
  // QLinearMatMul-21: "Scale and zero point must have same shape. They must be either scalar (per
  // tensor) or N-D tensor (per row for 'a' and per column for 'b'). ... If the input is N-D tensor
  // with shape [D1, D2, M, K] then zero point and scale tensor may have shape [D1, D2, M, 1] for per
  // row quantization and shape [D1, D2, 1, K] for per column quantization."
  std::mt19937 rng(2121);
  std::uniform_int_distribution<int> pick(0, 999);
  for (int opset : {10, 21})
    for (ET ta : {ET::UInt8, ET::Int8})
      for (ET tb : {ET::UInt8, ET::Int8}) {
        const int64_t D = 2, M = 1 + pick(rng) % 11, K = 1 + pick(rng) % 150, N = 1 + pick(rng) % 70;
        const ET ty = pick(rng) % 2 ? ET::Int8 : ET::UInt8;
        const std::vector<int32_t> a = random_values(rng, ta, D * M * K), b = random_values(rng, tb, D * K * N);
        const std::vector<int32_t> az = random_values(rng, ta, D * M), bz = random_values(rng, tb, D * N);
        std::vector<float> as, bs;
        for (int64_t i = 0; i < D * M; ++i) as.push_back(std::ldexp(1.0f + static_cast<float>(pick(rng)) / 1000.0f, -7));
        for (int64_t i = 0; i < D * N; ++i) bs.push_back(std::ldexp(1.0f + static_cast<float>(pick(rng)) / 1000.0f, -8));
        const float ys = 0.37f;
        const int32_t yz = random_values(rng, ty, 1)[0];
        const int64_t lo = ty == ET::Int8 ? -128 : 0, hi = ty == ET::Int8 ? 127 : 255;
        std::vector<int32_t> expected;
        for (int64_t d = 0; d < D; ++d)
          for (int64_t m = 0; m < M; ++m)
            for (int64_t n = 0; n < N; ++n) {
              int64_t acc = 0;
              for (int64_t k = 0; k < K; ++k)
                acc += (a[(d * M + m) * K + k] - az[d * M + m]) * (b[(d * K + k) * N + n] - bz[d * N + n]);
              expected.push_back(static_cast<int32_t>(requantize_oracle(acc, as[d * M + m], bs[d * N + n], ys, yz, lo, hi)));
            }
        CAPTURE(opset);
        CAPTURE(name_of(ta));
        CAPTURE(name_of(tb));
        for_each_int8_kernel_config([&] {
          const Tensor y = run_single_node(
              "QLinearMatMul", opset,
              {bytes_tensor(ta, {D, M, K}, a), Tensor::from_values<float>(ET::Float, {D, M, 1}, as),
               bytes_tensor(ta, {D, M, 1}, az), bytes_tensor(tb, {D, K, N}, b),
               Tensor::from_values<float>(ET::Float, {D, 1, N}, bs), bytes_tensor(tb, {D, 1, N}, bz),
               Tensor::from_values<float>(ET::Float, {}, {ys}), bytes_tensor(ty, {}, {yz})});
          REQUIRE(y.shape() == Shape{D, M, N});
          std::vector<int32_t> got;
          for (int64_t i = 0; i < y.element_count(); ++i)
            got.push_back(ty == ET::Int8 ? y.data_as<int8_t>()[i] : y.data_as<uint8_t>()[i]);
          CHECK(got == expected);
        });
      }
}
