// Unit tests of ops/quant/quantize_rules.cpp.
#include "helpers/quant.h"

TEST_CASE("quantization: the quotient rounded once to its precision, against exact rationals") {
  // p / q (q > 0, p != 0) rounded to `bits` significant bits, nearest, ties to even.
  auto rational_to_binary = [](__int128 p, __int128 q, int bits) {
    const bool negative = p < 0;
    if (negative) p = -p;
    int k = 0;
    while (p >= (q << bits)) {
      q <<= 1;
      --k;
    }
    while (p < (q << (bits - 1))) {
      p <<= 1;
      ++k;
    }
    __int128 n = p / q;
    const __int128 r = p % q;
    if (2 * r > q || (2 * r == q && (n & 1) != 0)) ++n;
    const double v = std::ldexp(static_cast<double>(n), -k);
    return negative ? -v : v;
  };
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int64_t> mant(-(int64_t{1} << 24), int64_t{1} << 24);
  std::uniform_int_distribution<int> expo(-20, 20);
  for (int iter = 0; iter < 100000; ++iter) {
    int64_t A = mant(rng), B = mant(rng);
    if (A == 0 || B == 0) continue;
    int ea = expo(rng), eb = expo(rng);
    if (iter % 4 == 0) {
      // Near-midpoints of float: B a power of two times an odd number near A's scale.
      B = (B | 1) % 8191;
      if (B == 0) continue;
      A = B * ((mant(rng) & 0xFFFFFF) | 1) + (iter % 3) - 1;
      if (A > (int64_t{1} << 53) || A == 0) continue;
      ea = eb = 0;
    }
    const double a = std::ldexp(static_cast<double>(A), ea), b = std::ldexp(static_cast<double>(B), eb);
    __int128 p = A, q = B;
    if (ea > eb) p <<= (ea - eb);
    else q <<= (eb - ea);
    if (q < 0) {
      p = -p;
      q = -q;
    }
    REQUIRE(quant::quotient_in_precision(a, b, T::Float) == rational_to_binary(p, q, 24));
    REQUIRE(quant::quotient_in_precision(a, b, T::BFloat16) == rational_to_binary(p, q, 8));
    REQUIRE(quant::quotient_in_precision(a, b, T::Double) == rational_to_binary(p, q, 53));
  }
  // Rounding to an integer: ties to even, saturation, infinities.
  CHECK(quant::round_half_even_clamped(0.5, -10, 10) == 0);
  CHECK(quant::round_half_even_clamped(1.5, -10, 10) == 2);
  CHECK(quant::round_half_even_clamped(-2.5, -10, 10) == -2);
  CHECK(quant::round_half_even_clamped(0.5000001, -10, 10) == 1);
  CHECK(quant::round_half_even_clamped(INFINITY, 0, 255) == 255);
  CHECK(quant::round_half_even_clamped(-1e300, -8, 7) == -8);
}
