// QLinearMatMul (10, 21) on the packed 8-bit kernels: batched operands with per-row and per-column
// scales and zero points, every combination of int8 and uint8, against an int64 product and the
// GMP requantization of tests/requantize_oracle.h, under every kernel configuration.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "helpers/qlinear.h"
#include "helpers/quantize_linear_rules.h"
#include "int8_kernel_configs.h"
#include "node_runner.h"
#include "requantize_oracle.h"

using ET = ElementType;

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
        for (int64_t i = 0; i < D * M; ++i)
          as.push_back(std::ldexp(1.0f + static_cast<float>(pick(rng)) / 1000.0f, -7));
        for (int64_t i = 0; i < D * N; ++i)
          bs.push_back(std::ldexp(1.0f + static_cast<float>(pick(rng)) / 1000.0f, -8));
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
              expected.push_back(
                  static_cast<int32_t>(requantize_oracle(acc, as[d * M + m], bs[d * N + n], ys, yz, lo, hi)));
            }
        CAPTURE(opset);
        CAPTURE(name_of(ta));
        CAPTURE(name_of(tb));
        for_each_int8_kernel_config([&] {
          const Tensor y =
              run_single_node("QLinearMatMul", opset,
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

// spec: QLinearMatMul-10: "They must be either scalar (per tensor) or N-D tensor (per row for 'a' and per column for 'b')."
// spec: QLinearMatMul-10: "Scalar refers to per tensor quantization whereas N-D refers to per row or per column quantization."
// spec: QLinearMatMul-10: "The quantization formula is y = saturate((x / y_scale) + y_zero_point)."
TEST_CASE("QLinearMatMul: per-tensor, per-row and per-column scales against a rational oracle") {
  const int64_t M = 3, K = 4, N = 2;
  std::vector<uint8_t> a(M * K);
  std::vector<int8_t> b(K * N);
  for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<uint8_t>(i * 37 % 256);
  for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<int8_t>(static_cast<int>(i * 53 % 256) - 128);
  const std::vector<float> as{0.0066f, 0.013f, 0.5f}, bs{0.00705f, 0.25f};
  const std::vector<uint8_t> azp{113, 0, 255};
  const std::vector<int8_t> bzp{-13, 7};
  const float ys = 0.0107f;
  for (int mode = 0; mode < 3; ++mode) {
    CAPTURE(mode);
    const bool per_row = mode >= 1;
    const bool nd = mode == 2;  // the N-D forms [M, 1] and [1, N]
    const Tensor A = Tensor::from_values<uint8_t>(T::UInt8, {M, K}, a);
    const Tensor B = Tensor::from_values<int8_t>(T::Int8, {K, N}, b);
    const Shape ash = per_row ? (nd ? Shape{M, 1} : Shape{M}) : Shape{};
    const Shape bsh = per_row ? (nd ? Shape{1, N} : Shape{N}) : Shape{};
    const Tensor AS = Tensor::from_values<float>(T::Float, ash, per_row ? as : std::vector<float>{as[0]});
    const Tensor AZ = Tensor::from_values<uint8_t>(T::UInt8, ash, per_row ? azp : std::vector<uint8_t>{azp[0]});
    const Tensor BS = Tensor::from_values<float>(T::Float, bsh, per_row ? bs : std::vector<float>{bs[0]});
    const Tensor BZ = Tensor::from_values<int8_t>(T::Int8, bsh, per_row ? bzp : std::vector<int8_t>{bzp[0]});
    const Tensor y =
        qlinear_run("QLinearMatMul", 10,
                    {A, AS, AZ, B, BS, BZ, qlinear_scalar(ys), Tensor::from_values<int8_t>(T::Int8, {}, {-9})});
    REQUIRE(y.type() == T::Int8);
    std::vector<int8_t> expect(M * N);
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n) {
        const size_t mi = per_row ? static_cast<size_t>(m) : 0, ni = per_row ? static_cast<size_t>(n) : 0;
        int64_t s = 0;
        for (int64_t k = 0; k < K; ++k) s += (a[m * K + k] - azp[mi]) * (b[k * N + n] - bzp[ni]);
        expect[m * N + n] = static_cast<int8_t>(requantize_oracle(s, as[mi], bs[ni], ys, -9, -128, 127));
      }
    CHECK(qlinear_values<int8_t>(y) == expect);
  }
}

TEST_CASE("QLinearMatMul-21: float16 scales are taken exactly, 1-D and batched operands") {
  // a [2, 1, 3] x b [3] (1-D: its axis is dropped), float16 scales.
  const std::vector<int8_t> a{1, -2, 3, 100, 50, -128};
  const std::vector<int8_t> b{7, -3, 127};
  const uint16_t h_as = 0x2c00, h_bs = 0x3555, h_ys = 0x2e66;  // 0.0625, 0.33325195..., 0.0999755...
  const auto f16 = [](uint16_t bits) { return Tensor::from_values<uint16_t>(T::Float16, {}, {bits}); };
  const Tensor y = qlinear_run(
      "QLinearMatMul", 21,
      {Tensor::from_values<int8_t>(T::Int8, {2, 1, 3}, a), f16(h_as), Tensor::from_values<int8_t>(T::Int8, {}, {1}),
       Tensor::from_values<int8_t>(T::Int8, {3}, b), f16(h_bs), Tensor::from_values<int8_t>(T::Int8, {}, {-1}),
       f16(h_ys), Tensor::from_values<uint8_t>(T::UInt8, {}, {128})});
  CHECK(y.shape() == Shape{2, 1});
  // float16 values: 0x2c00 = 2^-4; 0x3555 = 1365 * 2^-12; 0x2e66 = 1638 * 2^-14.
  const double s1 = 0.0625, s2 = 1365.0 / 4096, s3 = 1638.0 / 16384;
  std::vector<uint8_t> expect;
  for (int r = 0; r < 2; ++r) {
    int64_t s = 0;
    for (int k = 0; k < 3; ++k) s += (a[r * 3 + k] - 1) * (b[k] + 1);
    expect.push_back(static_cast<uint8_t>(requantize_oracle(s, s1, s2, s3, 128, 0, 255)));
  }
  CHECK(qlinear_values<uint8_t>(y) == expect);
}

TEST_CASE("QLinearMatMul and QLinearConv: bad inputs are one-line errors") {
  const Tensor A = Tensor::from_values<uint8_t>(T::UInt8, {2, 2}, {1, 2, 3, 4});
  const Tensor Z = Tensor::from_values<uint8_t>(T::UInt8, {}, {0});
  CHECK_THROWS_WITH_AS(
      qlinear_run("QLinearMatMul", 10, {A, qlinear_scalar(1), Z, A, qlinear_scalar(1), Z, qlinear_scalar(0), Z}),
      doctest::Contains("y_scale element 0 is 0"), Error);
  CHECK_THROWS_WITH_AS(qlinear_run("QLinearMatMul", 10,
                                   {A, Tensor::from_values<float>(T::Float, {2}, {1, 2}), Z, A, qlinear_scalar(1), Z,
                                    qlinear_scalar(1), Z}),
                       doctest::Contains("must have the same shape"),
                       Error);  // spec: QLinearMatMul-10: "Scale and zero point must have same shape."
  CHECK_THROWS_WITH_AS(qlinear_run("QLinearMatMul", 10,
                                   {A, Tensor::from_values<float>(T::Float, {3}, {1, 2, 3}),
                                    Tensor::from_values<uint8_t>(T::UInt8, {3}, {1, 2, 3}), A, qlinear_scalar(1), Z,
                                    qlinear_scalar(1), Z}),
                       doctest::Contains("a_scale"), Error);
  CHECK_THROWS_WITH_AS(
      qlinear_run("QLinearMatMul", 10, {A, qlinear_scalar(NAN), Z, A, qlinear_scalar(1), Z, qlinear_scalar(1), Z}),
      doctest::Contains("a_scale element 0 is NaN"), Error);
  const Tensor X = Tensor::from_values<uint8_t>(T::UInt8, {1, 1, 2, 2}, {1, 2, 3, 4});
  CHECK_THROWS_WITH_AS(qlinear_run("QLinearConv", 10,
                                   {X, qlinear_scalar(1), Z, X, Tensor::from_values<float>(T::Float, {3}, {1, 2, 3}), Z,
                                    qlinear_scalar(1), Z}),
                       doctest::Contains("w_scale"), Error);
  CHECK_THROWS_WITH_AS(qlinear_run("QLinearConv", 10,
                                   {X, qlinear_scalar(1), Z, X, qlinear_scalar(1), Z, qlinear_scalar(1), Z,
                                    Tensor::from_values<int32_t>(T::Int32, {2}, {1, 2})}),
                       doctest::Contains("B must have shape [1]"), Error);
}

namespace quantize_linear_rules_tests {

// a = 255, b = 255, every scale 1 except y_scale 256: 65025 / 256 = 254.0039 rounds to 254. The product
// 65025 does not fit 16 bits: it is kept whole.
// spec: QLinearMatMul-10,21: "Production must never overflow, and accumulation may overflow if and only if in 32 bits."
// spec: QLinearMatMul-21: "The quantization formula is y = saturate((x / y_scale) + y_zero_point)."
// spec: QLinearMatMul-21: "Scale and zero point must have same shape."
// spec: QLinearMatMul-21: "They must be either scalar (per tensor) or N-D tensor (per row for 'a' and per column for 'b')."
// spec: QLinearMatMul-21: "Scalar refers to per tensor quantization whereas N-D refers to per row or per column quantization."
TEST_CASE("QLinearMatMul 10 and 21: a product beyond 16 bits kept whole; scale and zero point of one shape") {
  const Tensor a = Tensor::from_values<uint8_t>(T::UInt8, {1, 1}, {255});
  const Tensor zero = Tensor::from_values<uint8_t>(T::UInt8, {}, {0});
  for (int64_t v : {10, 21}) {
    INFO("QLinearMatMul-", v);
    const Tensor y =
        quant_run("QLinearMatMul", v, {a, scalar_scale(1), zero, a, scalar_scale(1), zero, scalar_scale(256), zero})[0];
    CHECK(quant_values<uint8_t>(y) == std::vector<uint8_t>{254});
    // Per-row scales of a (one row) of shape [1, 1] with a scalar zero point: refused.
    CHECK_THROWS_AS(quant_run("QLinearMatMul", v,
                              {a, Tensor::from_values<float>(T::Float, {1, 1}, {1}),
                               Tensor::from_values<uint8_t>(T::UInt8, {2}, {0, 0}), a, scalar_scale(1), zero,
                               scalar_scale(256), zero}),
                    Error);
  }
}

}  // namespace quantize_linear_rules_tests
