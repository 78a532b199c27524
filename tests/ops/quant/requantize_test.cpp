// requantize_fast (ops/quant/requantize.h), the double-product route of QLinearConv and
// QLinearMatMul, against the GMP rationals of tests/requantize_oracle.h: random scales of both
// signs over many binades, accumulations over the whole int32 range, exact ties (which must take
// the exact path) and values a hair beside a tie.
#include <doctest/doctest.h>

#include <climits>
#include <cmath>
#include <random>

#include "ops/quant/requantize.h"
#include "requantize_oracle.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

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
