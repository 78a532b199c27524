// Unit tests of ops/activation/softsign.cpp.
#include "helpers/activation_ops.h"

TEST_CASE("Softsign: every float16 input, sampled floats and doubles, against the exact quotient rounded once") {
  const auto xs = finite_halves();
  const auto got = values<uint16_t>(run("Softsign", 1, {halves(xs)}));
  for (size_t i = 0; i < xs.size(); ++i) {
    const int64_t X = half_units(xs[i]);
    const uint64_t a = static_cast<uint64_t>(X < 0 ? -X : X);
    // x / (1 + |x|) = X / (2^24 + |X|)
    const double mag = a == 0 ? 0.0 : round_quotient(a, (uint64_t{1} << 24) + a, 0, kHalf);
    CAPTURE(half_value(xs[i]));
    REQUIRE(half_value(got[i]) == (X < 0 ? -mag : mag));
  }
  std::mt19937_64 rng(5);
  std::vector<float> fs;
  std::vector<double> ds;
  for (int i = 0; i < 20000; ++i) {
    fs.push_back(static_cast<float>(
        std::ldexp(static_cast<double>((rng() >> 40) | (1u << 23)), static_cast<int>(rng() % 53) - 53)));
    ds.push_back(
        std::ldexp(static_cast<double>((rng() >> 11) | (uint64_t{1} << 52)), -52 - static_cast<int>(rng() % 9)));
  }
  const auto gf = values<float>(run("Softsign", 22, {vec<float>(T::Float, fs)}));
  for (size_t i = 0; i < fs.size(); ++i) {
    int64_t m;
    int e;
    split(fs[i], m, e);  // x = m 2^e, -53 <= e < 0: x / (1 + x) = m / (2^-e + m)
    CAPTURE(fs[i]);
    REQUIRE(gf[i] ==
            round_quotient(static_cast<uint64_t>(m), (uint64_t{1} << -e) + static_cast<uint64_t>(m), 0, kSingle, 64));
  }
  const auto gd = values<double>(run("Softsign", 22, {vec<double>(T::Double, ds)}));
  for (size_t i = 0; i < ds.size(); ++i) {
    int exp;
    const double frac = std::frexp(ds[i], &exp);
    const auto m = static_cast<uint64_t>(std::ldexp(frac, 53));
    const int e = exp - 53;  // -61 <= e <= -53: 1 + x is not a double here
    CAPTURE(ds[i]);
    REQUIRE(gd[i] == round_quotient(m, (uint64_t{1} << -e) + m, 0, kDouble, 72));
  }
  const auto special = values<float>(run("Softsign", 1, {vec<float>(T::Float, {INFINITY, -INFINITY, NAN, -0.0f})}));
  CHECK(special[0] == 1.0f);
  CHECK(special[1] == -1.0f);
  CHECK(std::isnan(special[2]));
  CHECK(std::signbit(special[3]));
}
