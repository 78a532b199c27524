// Unit tests: gemm gemm engine.
#include "helpers/gemm.h"

TEST_CASE("round_to_bits, the oracle's rounding, by hand") {
  CHECK(round_to_bits(3, 0, 1) == 4.0);  // 11b to one bit: tie, to even (100b)
  CHECK(round_to_bits(5, 0, 2) == 4.0);  // 101b: tie, to even 100b
  CHECK(round_to_bits(7, 0, 2) == 8.0);
  CHECK(round_to_bits(-(int64_t{1} << 24) - 1, 0, 24) == -16777216.0);
  CHECK(round_to_bits((int64_t{1} << 24) + 3, -2, 24) == 4194305.0);
}

TEST_CASE("GEMM engine: float against exact rationals, with cancellation and long K") {
  std::mt19937_64 rng(11);
  check_against_oracle<float>(rng, 7, 2000, 13, 24, 10, 24);
  check_against_oracle<float>(rng, 9, 5, 130, 24, 10, 24);
}

TEST_CASE("GEMM engine: double (double-double products) against exact rationals") {
  std::mt19937_64 rng(12);
  check_against_oracle<double>(rng, 6, 600, 11, 40, 5, 53);
}

TEST_CASE("GEMM engine: float16 and bfloat16 against exact rationals") {
  std::mt19937_64 rng(13);
  check_against_oracle<Float16Bits>(rng, 5, 12, 9, 5, 1, 11);  // sums stay below 65504
  check_against_oracle<BFloat16Bits>(rng, 5, 300, 9, 8, 6, 8);
}

TEST_CASE("GEMM engine: double rounding traps are rounded once") {
  // 1 + 2^-24 is a tie between floats 1 and 1 + 2^-23 (to even: 1); the extra 2^-60 makes it round
  // up. Summing in double first would lose 2^-60 and give 1.
  const std::vector<float> a{1.0f, 0x1p-24f, 0x1p-30f};
  const std::vector<float> b_tie{1.0f, 1.0f, 0.0f};
  const std::vector<float> b_up{1.0f, 1.0f, 0x1p-30f};
  Case c{1, 3, 1, {}, {}};
  CHECK(run_engine<float>(c, a, b_tie, nullptr)[0] == 1.0f);
  CHECK(run_engine<float>(c, a, b_up, nullptr)[0] == 1.0f + 0x1p-23f);
  // double: 1 + 2^-53 + 2^-150 rounds up; products 2^-53 = 2^-26 * 2^-27, 2^-150 = 2^-75 * 2^-75.
  const std::vector<double> ad{1.0, 0x1p-26, 0x1p-75};
  const std::vector<double> bd{1.0, 0x1p-27, 0x1p-75};
  CHECK(run_engine<double>(c, ad, bd, nullptr)[0] == 1.0 + 0x1p-52);
  // A product beyond 53 bits: (1 + 2^-30)^2 = 1 + 2^-29 + 2^-60; minus 1 leaves 2^-29 + 2^-60 exactly.
  const std::vector<double> a2{1.0 + 0x1p-30, 1.0, 0.0};
  const std::vector<double> b2{1.0 + 0x1p-30, -1.0, 0.0};
  CHECK(run_engine<double>(c, a2, b2, nullptr)[0] == 0x1p-29 + 0x1p-60);
}

TEST_CASE("GEMM engine: signed zeros, empty sums, infinities and NaN") {
  Case c{1, 2, 1, {}, {}};
  CHECK(std::signbit(run_engine<float>(c, {-0.0f, 0.0f}, {0.0f, -0.0f}, nullptr)[0]));  // -0 + -0
  CHECK(!std::signbit(run_engine<float>(c, {1.0f, 1.0f}, {1.0f, -1.0f}, nullptr)[0]));  // 1 - 1 = +0
  CHECK(std::isnan(run_engine<float>(c, {INFINITY, 1.0f}, {0.0f, 1.0f}, nullptr)[0]));  // inf * 0
  CHECK(run_engine<float>(c, {INFINITY, 1.0f}, {2.0f, -5.0f}, nullptr)[0] == INFINITY);
  CHECK(std::isnan(run_engine<double>(c, {INFINITY, 1.0}, {1.0, 0.0}, nullptr)[0] - INFINITY));
  Case empty{2, 0, 2, {}, {}};
  for (float v : run_engine<float>(empty, {}, {}, nullptr)) CHECK((v == 0 && !std::signbit(v)));
  // float products beyond float's range are exact in double; the sum comes back in range.
  CHECK(run_engine<float>(c, {0x1p100f, 0x1p100f}, {0x1p100f, -0x1p100f}, nullptr)[0] == 0.0f);
  CHECK(run_engine<float>(c, {0x1p100f, 1.0f}, {0x1p100f, 0.0f}, nullptr)[0] == INFINITY);
}

TEST_CASE("GEMM engine: integers wrap, intermediate sums overflow") {
  Case c{1, 3, 1, {}, {}};
  // 2^31-1 squared overflows int32 many times over; the exact sum modulo 2^32 is the answer.
  const int32_t big = 2147483647;
  const auto y = run_engine<int32_t>(c, {big, big, -big}, {big, big, 3}, nullptr);
  const __int128 exact = static_cast<__int128>(big) * big * 2 - static_cast<__int128>(big) * 3;
  CHECK(y[0] == static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(exact))));
  const auto u = run_engine<uint64_t>(c, {~uint64_t{0}, 2, 0}, {~uint64_t{0}, 3, 7}, nullptr);
  CHECK(u[0] == uint64_t{1} + 6);  // (2^64 - 1)^2 = 1 mod 2^64
}

namespace {

// The product of a random case on 1, 2 and 3 threads: the same bits on each, every `step`-th
// output (both ways) the exact sum rounded once.
void check_thread_invariance(uint64_t seed, int64_t M, int64_t K, int64_t N, int64_t step) {
  std::mt19937_64 rng(seed);
  const Case c = random_case(rng, M, K, N, 24, 12);
  const auto a = storage<float>(c.a);
  const auto b = storage<float>(c.b);
  std::vector<float> ref;
  {
    ThreadCount one(1);
    ref = run_engine<float>(c, a, b, nullptr);
  }
  for (int n : {2, 3}) {
    ThreadCount t(n);
    const auto y = run_engine<float>(c, a, b, nullptr);
    CHECK(std::memcmp(y.data(), ref.data(), ref.size() * sizeof(float)) == 0);
  }
  for (int64_t i = 0; i < c.M; i += step)
    for (int64_t j = 0; j < c.N; j += step)
      CHECK(ref[static_cast<size_t>(i * c.N + j)] == round_to_bits(exact_dot(c, i, j), -kShift, 24));
}

}  // namespace

// Two row tiles and column tiles cut for the thread count (gemm/tile_plan.h): the cut moves with
// the count, the bits do not.
TEST_CASE("GEMM engine: balanced tiles, 1, 2 and 3 threads, bit-identical and exact") {
  check_thread_invariance(22, 264, 40, 800, 5);
}

TEST_CASE("GEMM engine: 1, 2 and 3 threads give bit-identical outputs") {
  check_thread_invariance(21, 37, 257, 141, 1);
}
