// QLinearMatMul and QLinearConv, and their exact requantization. Expected values come from GMP
// rationals (mpq: acc * s1 * s2 / s3 taken exactly, rounded half to even by integer division) and
// integer loops written apart from the kernels.
#include <doctest/doctest.h>
#include <gmp.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include "node_runner.h"
#include "ops/quant/requantize.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

// round(acc * s1 * s2 / s3) half to even, + zp, clamped: in GMP rationals.
int64_t qlinear_oracle(int64_t acc, double s1, double s2, double s3, int64_t zp, int64_t lo, int64_t hi) {
  mpq_t v, t;
  mpq_inits(v, t, nullptr);
  mpq_set_si(v, static_cast<long>(acc), 1);
  mpq_set_d(t, s1);
  mpq_mul(v, v, t);
  mpq_set_d(t, s2);
  mpq_mul(v, v, t);
  mpq_set_d(t, s3);
  mpq_div(v, v, t);
  mpz_t q, r, twice;
  mpz_inits(q, r, twice, nullptr);
  mpz_fdiv_qr(q, r, mpq_numref(v), mpq_denref(v));  // v = q + r / den, 0 <= r < den
  mpz_mul_2exp(twice, r, 1);
  const int c = mpz_cmp(twice, mpq_denref(v));
  if (c > 0 || (c == 0 && mpz_odd_p(q))) mpz_add_ui(q, q, 1);
  // Clamp in GMP first: q may be far beyond int64.
  int64_t y = 0;
  if (mpz_cmp_si(q, -(1L << 40)) < 0) y = -(int64_t{1} << 40);
  else if (mpz_cmp_si(q, 1L << 40) > 0) y = int64_t{1} << 40;
  else y = mpz_get_si(q);
  mpz_clears(q, r, twice, nullptr);
  mpq_clears(v, t, nullptr);
  return std::clamp<int64_t>(y + zp, lo, hi);
}

Tensor qlinear_run(const std::string& op, int64_t opset, const std::vector<std::optional<Tensor>>& inputs,
                  const std::vector<std::pair<std::string, std::vector<int64_t>>>& ints = {}) {
  return run_single_node(op, opset, inputs, [&](onnx::NodeProto& node) {
    for (const auto& a : ints) set_ints(node, a.first, a.second);
  });
}

template <class V>
std::vector<V> qlinear_values(const Tensor& t) {
  std::vector<V> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(V));
  return v;
}

Tensor qlinear_scalar(float v) { return Tensor::from_values<float>(T::Float, {}, {v}); }

}  // namespace

TEST_CASE("requantize: exact rounding of acc * s1 * s2 / s3 against GMP rationals") {
  // Ties: 0.5 -> 0, 1.5 -> 2, 2.5 -> 2, -2.5 -> -2, -3.5 -> -4.
  const quant::ScaleRatio half = quant::scale_ratio(0.5, 1.0, 1.0);
  CHECK(quant::requantize(1, half, 0, -1000, 1000) == 0);
  CHECK(quant::requantize(3, half, 0, -1000, 1000) == 2);
  CHECK(quant::requantize(5, half, 0, -1000, 1000) == 2);
  CHECK(quant::requantize(-5, half, 0, -1000, 1000) == -2);
  CHECK(quant::requantize(-7, half, 0, -1000, 1000) == -4);
  // Saturation and the zero point: 1000 * 0.5 + 3 clamps to 255; -1000 * 0.5 to 0.
  CHECK(quant::requantize(1000, half, 3, 0, 255) == 255);
  CHECK(quant::requantize(-1000, half, 3, 0, 255) == 0);
  // Random scales of both signs and accumulations across the int32 range.
  std::mt19937_64 rng(12345);
  std::uniform_int_distribution<int64_t> acc_d(-(int64_t{1} << 31), (int64_t{1} << 31) - 1);
  std::uniform_real_distribution<float> mant(0.5f, 1.0f);
  std::uniform_int_distribution<int> ex(-40, 10), small(-300, 300), sign(0, 1);
  for (int i = 0; i < 20000; ++i) {
    const float s1 = std::ldexp(mant(rng), ex(rng)) * (sign(rng) ? -1.0f : 1.0f);
    const float s2 = std::ldexp(mant(rng), ex(rng));
    const float s3 = std::ldexp(mant(rng), ex(rng));
    const int64_t acc = i % 2 ? acc_d(rng) : small(rng);
    const int64_t zp = i % 3 == 0 ? 0 : (i % 3 == 1 ? 128 : -7);
    const quant::ScaleRatio r = quant::scale_ratio(s1, s2, s3);
    CAPTURE(acc);
    CAPTURE(s1);
    CAPTURE(s2);
    CAPTURE(s3);
    CHECK(quant::requantize(acc, r, zp, -128, 255) == qlinear_oracle(acc, s1, s2, s3, zp, -128, 255));
  }
  // Exact halves with scales far from 1: 3 * 2^-30 * 5 * 2^20 / (15 * 2^-9) = 1/2, so odd acc ties.
  const double t1 = std::ldexp(3.0, -30), t2 = std::ldexp(5.0, 20), t3 = std::ldexp(15.0, -9);
  for (int64_t k = -50; k <= 50; ++k) {
    const int64_t acc = 2 * k + 1;
    CHECK(quant::requantize(acc, quant::scale_ratio(t1, t2, t3), 0, -1000, 1000) == (k % 2 == 0 ? k : k + 1));
    CHECK(qlinear_oracle(acc, t1, t2, t3, 0, -1000, 1000) == (k % 2 == 0 ? k : k + 1));
  }
}

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
    const Tensor y = qlinear_run("QLinearMatMul", 10,
                                 {A, AS, AZ, B, BS, BZ, qlinear_scalar(ys), Tensor::from_values<int8_t>(T::Int8, {}, {-9})});
    REQUIRE(y.type() == T::Int8);
    std::vector<int8_t> expect(M * N);
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n) {
        const size_t mi = per_row ? static_cast<size_t>(m) : 0, ni = per_row ? static_cast<size_t>(n) : 0;
        int64_t s = 0;
        for (int64_t k = 0; k < K; ++k) s += (a[m * K + k] - azp[mi]) * (b[k * N + n] - bzp[ni]);
        expect[m * N + n] = static_cast<int8_t>(qlinear_oracle(s, as[mi], bs[ni], ys, -9, -128, 127));
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
  const Tensor y = qlinear_run("QLinearMatMul", 21,
                               {Tensor::from_values<int8_t>(T::Int8, {2, 1, 3}, a), f16(h_as),
                                Tensor::from_values<int8_t>(T::Int8, {}, {1}), Tensor::from_values<int8_t>(T::Int8, {3}, b),
                                f16(h_bs), Tensor::from_values<int8_t>(T::Int8, {}, {-1}), f16(h_ys),
                                Tensor::from_values<uint8_t>(T::UInt8, {}, {128})});
  CHECK(y.shape() == Shape{2, 1});
  // float16 values: 0x2c00 = 2^-4; 0x3555 = 1365 * 2^-12; 0x2e66 = 1638 * 2^-14.
  const double s1 = 0.0625, s2 = 1365.0 / 4096, s3 = 1638.0 / 16384;
  std::vector<uint8_t> expect;
  for (int r = 0; r < 2; ++r) {
    int64_t s = 0;
    for (int k = 0; k < 3; ++k) s += (a[r * 3 + k] - 1) * (b[k] + 1);
    expect.push_back(static_cast<uint8_t>(qlinear_oracle(s, s1, s2, s3, 128, 0, 255)));
  }
  CHECK(qlinear_values<uint8_t>(y) == expect);
}

TEST_CASE("QLinearConv: per-channel weight scales, bias and padding against a rational oracle") {
  // x [1, 1, 3, 3] uint8 (zero point 10), w [2, 1, 2, 2] int8 (zero point per channel), pads 1.
  const std::vector<uint8_t> x{0, 10, 20, 30, 40, 50, 60, 70, 255};
  const std::vector<int8_t> w{1, -2, 3, -4, 127, -128, 0, 5};
  const std::vector<int8_t> wzp{0, -3};
  const std::vector<float> ws{0.02f, 0.0013f};
  const std::vector<int32_t> bias{100, -7000};
  const float xs = 0.05f, ys = 0.37f;
  const Tensor y = qlinear_run("QLinearConv", 10,
                               {Tensor::from_values<uint8_t>(T::UInt8, {1, 1, 3, 3}, x), qlinear_scalar(xs),
                                Tensor::from_values<uint8_t>(T::UInt8, {}, {10}),
                                Tensor::from_values<int8_t>(T::Int8, {2, 1, 2, 2}, w),
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
            s += (x[static_cast<size_t>(iy * 3 + ix)] - 10) * (w[static_cast<size_t>(m * 4 + ky * 2 + kx)] - wzp[static_cast<size_t>(m)]);
          }
        expect.push_back(static_cast<uint8_t>(qlinear_oracle(s, xs, ws[static_cast<size_t>(m)], ys, 120, 0, 255)));
      }
  CHECK(qlinear_values<uint8_t>(y) == expect);
}

TEST_CASE("QLinearMatMul and QLinearConv: bad inputs are one-line errors") {
  const Tensor A = Tensor::from_values<uint8_t>(T::UInt8, {2, 2}, {1, 2, 3, 4});
  const Tensor Z = Tensor::from_values<uint8_t>(T::UInt8, {}, {0});
  CHECK_THROWS_WITH_AS(qlinear_run("QLinearMatMul", 10, {A, qlinear_scalar(1), Z, A, qlinear_scalar(1), Z, qlinear_scalar(0), Z}),
                       doctest::Contains("y_scale element 0 is 0"), Error);
  CHECK_THROWS_WITH_AS(qlinear_run("QLinearMatMul", 10,
                                   {A, Tensor::from_values<float>(T::Float, {2}, {1, 2}), Z, A, qlinear_scalar(1), Z,
                                    qlinear_scalar(1), Z}),
                       doctest::Contains("must have the same shape"), Error);
  CHECK_THROWS_WITH_AS(qlinear_run("QLinearMatMul", 10,
                                   {A, Tensor::from_values<float>(T::Float, {3}, {1, 2, 3}),
                                    Tensor::from_values<uint8_t>(T::UInt8, {3}, {1, 2, 3}), A, qlinear_scalar(1), Z,
                                    qlinear_scalar(1), Z}),
                       doctest::Contains("a_scale"), Error);
  CHECK_THROWS_WITH_AS(qlinear_run("QLinearMatMul", 10, {A, qlinear_scalar(NAN), Z, A, qlinear_scalar(1), Z, qlinear_scalar(1), Z}),
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
