// Unit tests of ops/pool/lp_norm.cpp.
#include "helpers/lp_pool.h"

TEST_CASE("lp_norm_rounded: exact cases, ties and random windows against MPFR") {
  using numeric::Format;
  CHECK(pool::lp_norm_rounded(std::vector<double>{3, -4}, 2, Format::Float) == 5.0);
  CHECK(pool::lp_norm_rounded(std::vector<double>{3, 4, -5}, 3, Format::Double) == 6.0);  // 27 + 64 + 125 = 216
  CHECK(pool::lp_norm_rounded(std::vector<double>{0.5, -0.25}, 1, Format::Double) == 0.75);
  CHECK(pool::lp_norm_rounded(std::vector<double>{}, 2, Format::Float) == 0.0);
  CHECK(std::isnan(pool::lp_norm_rounded(std::vector<double>{1, NAN, INFINITY}, 2, Format::Float)));
  CHECK(pool::lp_norm_rounded(std::vector<double>{1, -INFINITY}, 2, Format::Float) == INFINITY);
  // Exact midpoints of float16: 2048 + 1 = 2049 lies between 2048 and 2050 (even: 2048);
  // sqrt(1995^2 + 476^2) = 2051 between 2050 and 2052 (even: 2052).
  CHECK(pool::lp_norm_rounded(std::vector<double>{2048, 1}, 1, Format::Float16) == 2048.0);
  CHECK(pool::lp_norm_rounded(std::vector<double>{1995, 476}, 2, Format::Float16) == 2052.0);
  // A sum no double holds: sqrt(1 + 2^-60) is within 2^-61 of 1, so 1.
  CHECK(pool::lp_norm_rounded(std::vector<double>{1, 0x1p-30}, 2, Format::Double) == 1.0);
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-4, 4);
  std::uniform_int_distribution<int> len(1, 9), ex(-20, 20);
  for (Format f : {Format::Float16, Format::BFloat16, Format::Float, Format::Double})
    for (unsigned long p = 1; p <= 4; ++p)
      for (int i = 0; i < 300; ++i) {
        std::vector<double> xs(static_cast<size_t>(len(rng)));
        for (double& x : xs) x = f == Format::Double ? std::ldexp(u(rng), ex(rng)) : static_cast<float>(u(rng));
        if (f == Format::Float16)
          for (double& x : xs) x = widen(narrow<Float16Bits>(x));
        if (f == Format::BFloat16)
          for (double& x : xs) x = widen(narrow<BFloat16Bits>(x));
        CAPTURE(p);
        CAPTURE(i);
        CHECK(pool::lp_norm_rounded(xs, static_cast<int64_t>(p), f) == lp_oracle(xs, p, f));
      }
}
