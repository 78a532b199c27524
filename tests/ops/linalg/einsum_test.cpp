// Unit tests of ops/linalg/einsum.cpp.
#include "helpers/einsum.h"

TEST_CASE("Einsum: contractions, diagonals and transposes against loops") {
  const int64_t B = 2, I = 3, J = 4, K = 5;
  const auto a = einsum_iota(B * I * J, 0.5), b = einsum_iota(B * J * K, 0.25);
  const Tensor A = Tensor::from_values<double>(T::Double, {B, I, J}, a);
  const Tensor Bt = Tensor::from_values<double>(T::Double, {B, J, K}, b);
  const auto y = einsum_values<double>(einsum_run("bij,bjk->bik", {A, Bt}));
  for (int64_t n = 0; n < B; ++n)
    for (int64_t i = 0; i < I; ++i)
      for (int64_t k = 0; k < K; ++k) {
        double s = 0;  // small multiples of 1/8: exact in any order
        for (int64_t j = 0; j < J; ++j)
          s += a[static_cast<size_t>((n * I + i) * J + j)] * b[static_cast<size_t>((n * J + j) * K + k)];
        CHECK(y[static_cast<size_t>((n * I + i) * K + k)] == s);
      }
  // "kji" with an output order that transposes: y[k][i] = sum_j A[?]; here a diagonal and a sum.
  const Tensor D = Tensor::from_values<double>(T::Double, {2, 3, 3}, einsum_iota(18, 1));
  const auto d = einsum_iota(18, 1);
  CHECK(einsum_values<double>(einsum_run("...ii->...i", {D})) ==
        std::vector<double>{d[0], d[4], d[8], d[9], d[13], d[17]});
  CHECK(einsum_values<double>(einsum_run("bii", {D})) == std::vector<double>{d[0] + d[4] + d[8], d[9] + d[13] + d[17]});
  const auto t = einsum_values<double>(einsum_run("bij->jbi", {D}));
  for (int64_t j = 0; j < 3; ++j)
    for (int64_t n = 0; n < 2; ++n)
      for (int64_t i = 0; i < 3; ++i)
        CHECK(t[static_cast<size_t>((j * 2 + n) * 3 + i)] == d[static_cast<size_t>((n * 3 + i) * 3 + j)]);
  // A label of length 0 sums nothing: zeros.
  CHECK(einsum_values<float>(
            einsum_run("ij,jk->ik", {Tensor::from_values<float>(T::Float, {2, 0}, std::vector<float>{}),
                                     Tensor::from_values<float>(T::Float, {0, 2}, std::vector<float>{})})) ==
        std::vector<float>(4, 0.0f));
}

TEST_CASE("Einsum: each output is the exact sum of exact products, rounded once") {
  // float: (1 + 2^-23)(1 - 2^-23) = 1 - 2^-46, plus -1: exactly -2^-46 (a float product first would
  // give 1 - 2^-46 -> 1, and then 0).
  const Tensor x = Tensor::from_values<float>(T::Float, {2}, {1.0f + 0x1p-23f, 1.0f});
  const Tensor z = Tensor::from_values<float>(T::Float, {2}, {1.0f - 0x1p-23f, -1.0f});
  CHECK(einsum_values<float>(einsum_run("i,i", {x, z})) == std::vector<float>{-0x1p-46f});
  // Three double factors: (1 + 2^-52)^3 - 1 = 3 2^-52 + 3 2^-104 + 2^-156, rounded once to double:
  // 3 2^-52 + 2^-102 (double arithmetic in order would give 3 2^-52).
  const double e = 1.0 + 0x1p-52;
  const Tensor u = Tensor::from_values<double>(T::Double, {2}, {e, 1.0});
  const Tensor w = Tensor::from_values<double>(T::Double, {2}, {e, -1.0});
  const Tensor v = Tensor::from_values<double>(T::Double, {2}, {e, 1.0});
  CHECK(einsum_values<double>(einsum_run("i,i,i->", {u, w, v})) == std::vector<double>{0x3p-52 + 0x1p-102});
  // Integers wrap: int8 100 * 100 + 100 * 100 = 20000 = 78 * 256 + 32 -> 32.
  const Tensor q = Tensor::from_values<int8_t>(T::Int8, {2}, {100, 100});
  CHECK(einsum_values<int8_t>(einsum_run("i,i", {q, q})) == std::vector<int8_t>{32});
  // uint64 products modulo 2^64.
  const Tensor big = Tensor::from_values<uint64_t>(T::UInt64, {1}, {uint64_t{1} << 40});
  CHECK(einsum_values<uint64_t>(einsum_run("i,i", {big, big})) == std::vector<uint64_t>{0});
}
