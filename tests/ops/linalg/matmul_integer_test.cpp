// Unit tests of ops/linalg/matmul_integer.cpp.
#include "helpers/quant.h"

TEST_CASE("MatMulInteger: zero points per tensor, per row and per column against a hand loop") {
  const int64_t M = 3, K = 4, N = 2;
  std::vector<uint8_t> a(M * K);
  std::vector<int8_t> b(K * N);
  for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<uint8_t>(i * 37 % 256);
  for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<int8_t>(static_cast<int>(i * 53 % 256) - 128);
  const std::vector<uint8_t> azp{7, 200, 255};
  const std::vector<int8_t> bzp{-128, 5};
  const Tensor A = Tensor::from_values<uint8_t>(T::UInt8, {M, K}, a);
  const Tensor B = Tensor::from_values<int8_t>(T::Int8, {K, N}, b);
  auto expect = [&](bool rows, bool cols) {
    std::vector<int32_t> y(M * N);
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n) {
        int32_t s = 0;
        for (int64_t k = 0; k < K; ++k)
          s += (a[m * K + k] - (rows ? azp[m] : 0)) * (b[k * N + n] - (cols ? bzp[n] : 0));
        y[m * N + n] = s;
      }
    return y;
  };
  CHECK(quant_values<int32_t>(quant_run("MatMulInteger", 10, {A, B})[0]) == expect(false, false));
  const auto y = quant_run("MatMulInteger", 10,
                           {A, B, Tensor::from_values<uint8_t>(T::UInt8, {M}, azp),
                            Tensor::from_values<int8_t>(T::Int8, {N}, bzp)})[0];
  CHECK(y.type() == T::Int32);
  CHECK(quant_values<int32_t>(y) == expect(true, true));
  // The same zero points in their N-D forms [M, 1] and [1, N].
  const auto y2 = quant_run("MatMulInteger", 10,
                            {A, B, Tensor::from_values<uint8_t>(T::UInt8, {M, 1}, azp),
                             Tensor::from_values<int8_t>(T::Int8, {1, N}, bzp)})[0];
  CHECK(quant_values<int32_t>(y2) == expect(true, true));
  CHECK_THROWS_WITH_AS(quant_run("MatMulInteger", 10, {A, B, Tensor::from_values<uint8_t>(T::UInt8, {K}, {1, 2, 3, 4})}),
                       doctest::Contains("a_zero_point"), Error);
  CHECK_THROWS_AS(quant_run("MatMulInteger", 10, {A, A}), Error);
}

TEST_CASE("MatMulInteger: a 32-bit accumulation that overflows wraps modulo 2^32") {
  // K = 70,000 products of 255 * 255 = 65,025: 4,551,750,000 = 2^32 + 256,782,704.
  const int64_t K = 70000;
  const auto y = quant_run("MatMulInteger", 10,
                           {Tensor::from_values<uint8_t>(T::UInt8, {1, K}, std::vector<uint8_t>(K, 255)),
                            Tensor::from_values<uint8_t>(T::UInt8, {K, 1}, std::vector<uint8_t>(K, 255))})[0];
  CHECK(quant_values<int32_t>(y) == std::vector<int32_t>{256782704});
}
