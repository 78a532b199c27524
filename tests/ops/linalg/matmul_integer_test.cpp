// MatMulInteger-10 against a naive int64 oracle written here: random shapes (K not a multiple of
// the vector width, N not a multiple of the 32-column panel, batches that broadcast, 1-D
// operands), every combination of int8 and uint8, every zero-point kind, and sums that wrap,
// under every kernel configuration (tests/int8_kernel_configs.h).
#include <doctest/doctest.h>

#include <cstring>
#include <optional>
#include <random>

#include "helpers/int8_tensors.h"
#include "helpers/linalg_rules.h"
#include "helpers/quant.h"
#include "int8_kernel_configs.h"
#include "node_runner.h"
#include "runtime/error.h"
#include "scoped_memory_limit.h"

// The kernel tests, in a namespace of their own so that their helpers and those of the
// operator tests below do not meet.
namespace matmul_integer_kernel_tests {

using namespace onnx_ref;
using namespace onnx_ref::testing;

namespace {

using ET = ElementType;

// Zero-point kinds. MatMulInteger-10: "a_zero_point ... It could be a scalar or N-D tensor. Scalar
// refers to per tensor quantization whereas N-D refers to per row quantization. If the input is 2D
// of shape [M, K] then zero point tensor may be an M element vector [zp_1, zp_2, ..., zp_M]. If the
// input is N-D tensor with shape [D1, D2, M, K] then zero point tensor may have shape [D1, D2, M, 1]."
// (b_zero_point the same per column: [N], [D1, D2, 1, N].)
enum class Zp { None, Scalar, One, Vector, Full };

struct Case {
  Int8Tensor a, b;
  std::optional<Int8Tensor> za, zb;
  Zp a_kind = Zp::None, b_kind = Zp::None;
};

// a [Ba?, M, K] or [K]; b [Bb?, K, N] or [K].
std::vector<int32_t> oracle(const Case& c) {
  const bool a1 = c.a.shape.size() == 1, b1 = c.b.shape.size() == 1;
  const int64_t K = c.a.shape.back();
  const int64_t M = a1 ? 1 : c.a.shape[c.a.shape.size() - 2], N = b1 ? 1 : c.b.shape.back();
  const int64_t Ba = c.a.shape.size() == 3 ? c.a.shape[0] : 1, Bb = c.b.shape.size() == 3 ? c.b.shape[0] : 1;
  const int64_t B = std::max(Ba, Bb);
  std::vector<int32_t> y;
  for (int64_t bi = 0; bi < B; ++bi) {
    const int64_t ia = Ba == 1 ? 0 : bi, ib = Bb == 1 ? 0 : bi;
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n) {
        int64_t za = 0, zb = 0;
        if (c.za)
          za = c.a_kind == Zp::Vector ? c.za->v[m]
               : c.a_kind == Zp::Full ? c.za->v[(c.za->shape[0] == 1 ? 0 : ia) * M + m]
                                      : c.za->v[0];
        if (c.zb)
          zb = c.b_kind == Zp::Vector ? c.zb->v[n]
               : c.b_kind == Zp::Full ? c.zb->v[(c.zb->shape[0] == 1 ? 0 : ib) * N + n]
                                      : c.zb->v[0];
        int64_t sum = 0;
        for (int64_t k = 0; k < K; ++k) sum += (c.a.v[(ia * M + m) * K + k] - za) * (c.b.v[(ib * K + k) * N + n] - zb);
        y.push_back(wrap32(sum));
      }
  }
  return y;
}

std::vector<int32_t> run(const Case& c) {
  std::vector<std::optional<Tensor>> in{c.a.tensor(), c.b.tensor()};
  in.push_back(c.za ? std::optional<Tensor>(c.za->tensor()) : std::nullopt);
  in.push_back(c.zb ? std::optional<Tensor>(c.zb->tensor()) : std::nullopt);
  const Tensor y = run_single_node("MatMulInteger", 10, in);
  REQUIRE(y.type() == ET::Int32);
  std::vector<int32_t> v(static_cast<size_t>(y.element_count()));
  if (!v.empty()) std::memcpy(v.data(), y.data(), v.size() * 4);
  return v;
}

Case random_case(std::mt19937& rng, ET ta, ET tb, bool extreme, int64_t max_k) {
  std::uniform_int_distribution<int> pick(0, 99);
  const int64_t M = 1 + pick(rng) % 19, N = 1 + pick(rng) % 70;
  const int64_t K = 1 + std::uniform_int_distribution<int64_t>(0, max_k - 1)(rng);
  const int shape_kind = pick(rng) % 6;
  Shape as{M, K}, bs{K, N};
  if (shape_kind == 1) as = {K};
  if (shape_kind == 2) bs = {K};
  if (shape_kind == 3) as = {3, M, K};
  if (shape_kind == 4) bs = {2, K, N};
  if (shape_kind == 5) as = {1, M, K}, bs = {3, K, N};
  Case c;
  c.a = random_int8(rng, ta, as, extreme);
  c.b = random_int8(rng, tb, bs, extreme);
  auto zero_point = [&](const Int8Tensor& x, bool is_b, Zp& kind) -> std::optional<Int8Tensor> {
    const int r = pick(rng) % 5;
    kind = static_cast<Zp>(r);
    if (x.shape.size() == 1 && r >= 3) kind = Zp::Scalar;  // a 1-D operand has one zero point
    if (kind == Zp::Full && x.shape.size() != 3) kind = Zp::Vector;
    // The zero point's length: the rows of A or the columns of B (a 1-D operand only takes a scalar).
    const int64_t len = x.shape.size() == 1 ? 1 : is_b ? x.shape.back() : x.shape[x.shape.size() - 2];
    switch (kind) {
      case Zp::None:
        return std::nullopt;
      case Zp::Scalar:
        return random_int8(rng, x.type, {}, extreme);
      case Zp::One:
        return random_int8(rng, x.type, {1}, extreme);
      case Zp::Vector:
        return random_int8(rng, x.type, {len}, extreme);
      case Zp::Full:
        return random_int8(rng, x.type, is_b ? Shape{x.shape[0], 1, len} : Shape{x.shape[0], len, 1}, extreme);
    }
    return std::nullopt;
  };
  c.za = zero_point(c.a, false, c.a_kind);
  c.zb = zero_point(c.b, true, c.b_kind);
  return c;
}

}  // namespace

TEST_CASE("MatMulInteger-10: exact wrapped int32 sums for every type pair and zero-point kind") {
  std::mt19937 rng(1027);
  for (ET ta : {ET::UInt8, ET::Int8})
    for (ET tb : {ET::UInt8, ET::Int8})
      for (int i = 0; i < 12; ++i) {
        const Case c = random_case(rng, ta, tb, i % 4 == 3, 300);
        CAPTURE(name_of(ta));
        CAPTURE(name_of(tb));
        CAPTURE(shape_to_string(c.a.shape));
        CAPTURE(shape_to_string(c.b.shape));
        CAPTURE(static_cast<int>(c.a_kind));
        CAPTURE(static_cast<int>(c.b_kind));
        const std::vector<int32_t> expected = oracle(c);
        for_each_int8_kernel_config([&] { CHECK(run(c) == expected); });
      }
}

TEST_CASE("MatMulInteger-10: the int32 accumulation wraps modulo 2^32 (K beyond 33,025)") {
  // (255 - 0) * (-128 - 127) = -65025 per term: 70,001 terms reach -4.55e9, past int32.
  Case c;
  const int64_t K = 70001, M = 3, N = 37;
  c.a = {ET::UInt8, {M, K}, std::vector<int32_t>(static_cast<size_t>(M * K), 255)};
  c.b = {ET::Int8, {K, N}, std::vector<int32_t>(static_cast<size_t>(K * N), -128)};
  c.a.v[5] = 0;  // not every row alike
  c.za = Int8Tensor{ET::UInt8, {}, {0}};
  c.zb = Int8Tensor{ET::Int8, {N}, std::vector<int32_t>(static_cast<size_t>(N), 127)};
  c.a_kind = Zp::Scalar;
  c.b_kind = Zp::Vector;
  const std::vector<int32_t> expected = oracle(c);
  // spec: MatMulInteger-10: "The accumulation may overflow if and only if in 32 bits."
  CHECK(expected[0] == wrap32(int64_t{-65025} * (K - 1)));
  CHECK(expected[N] == wrap32(int64_t{-65025} * K));
  for_each_int8_kernel_config([&] { CHECK(run(c) == expected); });
  std::mt19937 rng(7);
  for (ET ta : {ET::UInt8, ET::Int8})
    for (ET tb : {ET::UInt8, ET::Int8}) {
      const Case r = random_case(rng, ta, tb, true, 40000);
      const std::vector<int32_t> e = oracle(r);
      for_each_int8_kernel_config([&] { CHECK(run(r) == e); });
    }
}

TEST_CASE("MatMulInteger-10: a tall A times a narrow B, its rows split over the threads") {
  std::mt19937 rng(300);
  Case c;
  c.a = random_int8(rng, ET::UInt8, {300, 77});
  c.b = random_int8(rng, ET::Int8, {77, 40});
  c.za = random_int8(rng, ET::UInt8, {300});
  c.zb = random_int8(rng, ET::Int8, {40});
  c.a_kind = c.b_kind = Zp::Vector;
  const std::vector<int32_t> expected = oracle(c);
  for_each_int8_kernel_config([&] { CHECK(run(c) == expected); });
}

TEST_CASE("MatMulInteger-10: scratch beyond the tensor memory limit is refused with an error") {
  // 40,000 terms per sum: each packed panel of B takes 32 x 40,000 bytes, past a 1 MB limit that
  // the operands themselves (40 KB each) stay within.
  Case c;
  c.a = {ET::UInt8, {1, 40000}, std::vector<int32_t>(40000, 3)};
  c.b = {ET::Int8, {40000, 1}, std::vector<int32_t>(40000, -2)};
  {
    const testing::ScopedMemoryLimit limit(1000000);
    CHECK_THROWS_WITH_AS(run(c), doctest::Contains("packed panels"), Error);
  }
  CHECK(run(c) == std::vector<int32_t>{-240000});
}

}  // namespace matmul_integer_kernel_tests

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
  const auto y = quant_run(
      "MatMulInteger", 10,
      {A, B, Tensor::from_values<uint8_t>(T::UInt8, {M}, azp), Tensor::from_values<int8_t>(T::Int8, {N}, bzp)})[0];
  CHECK(y.type() == T::Int32);
  CHECK(quant_values<int32_t>(y) == expect(true, true));
  // The same zero points in their N-D forms [M, 1] and [1, N].
  const auto y2 = quant_run("MatMulInteger", 10,
                            {A, B, Tensor::from_values<uint8_t>(T::UInt8, {M, 1}, azp),
                             Tensor::from_values<int8_t>(T::Int8, {1, N}, bzp)})[0];
  CHECK(quant_values<int32_t>(y2) == expect(true, true));
  CHECK_THROWS_WITH_AS(
      quant_run("MatMulInteger", 10, {A, B, Tensor::from_values<uint8_t>(T::UInt8, {K}, {1, 2, 3, 4})}),
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

namespace linalg_rules_tests {

// A = [[1, 2]], B = [[3], [4]]: 1 * 3 + 2 * 4 = 11; a_zero_point 1: 0 * 3 + 1 * 4 = 4; b_zero_point 3:
// 1 * 0 + 2 * 1 = 2. 255 * 255 = 65025 is kept whole in int32.
// spec: MatMulInteger-10: "It's optional and default value is 0."
// spec: MatMulInteger-10: "It could be a scalar or N-D tensor."
// spec: MatMulInteger-10: "Scalar refers to per tensor quantization whereas N-D refers to per row quantization."
// spec: MatMulInteger-10: "It could be a scalar or a N-D tensor, Scalar refers to per tensor quantization whereas N-D refers to per col quantization."
// spec: MatMulInteger-10: "The production MUST never overflow."
TEST_CASE("MatMulInteger-10: zero points 0 by default, per tensor or per row / column; products in int32") {
  const Tensor a = u8({1, 2}, {1, 2});
  const Tensor b = u8({2, 1}, {3, 4});
  CHECK(int32s(run("MatMulInteger", 10, {a, b})) == std::vector<int32_t>{11});
  CHECK(int32s(run("MatMulInteger", 10, {a, b, u8({}, {1})})) == std::vector<int32_t>{4});
  CHECK(int32s(run("MatMulInteger", 10, {a, b, u8({1}, {1})})) == std::vector<int32_t>{4});
  CHECK(int32s(run("MatMulInteger", 10, {a, b, std::nullopt, u8({}, {3})})) == std::vector<int32_t>{2});
  CHECK(int32s(run("MatMulInteger", 10, {a, b, std::nullopt, u8({1}, {3})})) == std::vector<int32_t>{2});
  CHECK(int32s(run("MatMulInteger", 10, {u8({1, 1}, {255}), u8({1, 1}, {255})})) == std::vector<int32_t>{65025});
}

}  // namespace linalg_rules_tests
