// requantize_fast (ops/quant/requantize.h), the double-product route of QLinearConv and
// QLinearMatMul, against the GMP rationals of tests/requantize_oracle.h: random scales of both
// signs over many binades, accumulations over the whole int32 range, exact ties (which must take
// the exact path) and values a hair beside a tie.
#include <doctest/doctest.h>

#include <climits>
#include <cmath>
#include <random>

#include "helpers/qlinear.h"
#include "ops/quant/requantize.h"
#include "requantize_oracle.h"

namespace {

void check(int64_t acc, float s1, float s2, float s3, int64_t zp, int64_t lo, int64_t hi) {
  CAPTURE(acc);
  CAPTURE(s1);
  CAPTURE(s2);
  CAPTURE(s3);
  const double ratio = static_cast<double>(s1) * s2 / s3;
  CHECK(quant::requantize_fast(acc, ratio, s1, s2, s3, zp, lo, hi) == requantize_oracle(acc, s1, s2, s3, zp, lo, hi));
}

}  // namespace

TEST_CASE("requantize_fast: the correctly rounded requantization, ties and near-ties included") {
  std::mt19937_64 rng(2027);
  std::uniform_int_distribution<int64_t> wide(INT32_MIN, INT32_MAX);
  std::uniform_int_distribution<int> small(-5000, 5000), ex(-30, 6), sign(0, 1), zp(-128, 127);
  std::uniform_real_distribution<float> mant(0.5f, 1.0f);
  for (int i = 0; i < 20000; ++i) {
    const float s1 = std::ldexp(mant(rng), ex(rng)) * (sign(rng) ? -1.0f : 1.0f);
    const float s2 = std::ldexp(mant(rng), ex(rng)), s3 = std::ldexp(mant(rng), ex(rng));
    const bool u8 = sign(rng);
    check(i % 2 ? wide(rng) : small(rng), s1, s2, s3, u8 ? zp(rng) + 128 : zp(rng), u8 ? 0 : -128, u8 ? 255 : 127);
  }
  // Exact ties: R = 3/2^k, every acc whose product ends in .5 rounds to even.
  for (int k = 1; k <= 6; ++k)
    for (int64_t acc = -300; acc <= 300; ++acc) {
      check(acc, 3.0f, std::ldexp(1.0f, -k), 1.0f, 0, -128, 127);
      check(acc, 3.0f, std::ldexp(1.0f, -k), -1.0f, 128, 0, 255);
    }
  // A hair beside a tie: R = 1/2 + 2^-24 and 1/2 - 2^-25, so odd acc up to 2^4 lands within 2^-20 of
  // a half-integer without being one.
  for (int64_t acc = -40; acc <= 40; ++acc) {
    check(acc, 1.0f + std::ldexp(1.0f, -23), 0.5f, 1.0f, 3, -128, 127);
    check(acc, 1.0f - std::ldexp(1.0f, -24), 0.5f, 1.0f, 3, -128, 127);
  }
  // Saturation from afar and a zero scale.
  check(INT32_MAX, 1.0f, 1.0f, std::ldexp(1.0f, -20), 0, 0, 255);
  check(INT32_MIN, 1.0f, 1.0f, std::ldexp(1.0f, -20), 0, 0, 255);
  check(12345, 0.0f, 1.0f, 1.0f, 17, 0, 255);
}

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
    CHECK(quant::requantize(acc, r, zp, -128, 255) == requantize_oracle(acc, s1, s2, s3, zp, -128, 255));
  }
  // Exact halves with scales far from 1: 3 * 2^-30 * 5 * 2^20 / (15 * 2^-9) = 1/2, so odd acc ties.
  const double t1 = std::ldexp(3.0, -30), t2 = std::ldexp(5.0, 20), t3 = std::ldexp(15.0, -9);
  for (int64_t k = -50; k <= 50; ++k) {
    const int64_t acc = 2 * k + 1;
    CHECK(quant::requantize(acc, quant::scale_ratio(t1, t2, t3), 0, -1000, 1000) == (k % 2 == 0 ? k : k + 1));
    CHECK(requantize_oracle(acc, t1, t2, t3, 0, -1000, 1000) == (k % 2 == 0 ? k : k + 1));
  }
}
