// Unit tests of ops/activation/hard_sigmoid.cpp.
#include "helpers/activation_ops.h"

TEST_CASE("HardSigmoid: every float16 input, and sampled floats, against the exact value rounded once") {
  const float alpha = 0.2f, beta = 0.5f;
  int64_t ma, mb;
  int ea, eb;
  split(alpha, ma, ea);
  split(beta, mb, eb);
  // alpha x + beta for x = X 2^ex, as an integer times 2^(ea + ex) (beta shifted up to it).
  auto oracle = [&](double x, Format f) {
    if (x != x) return x;
    int64_t mx;
    int ex;
    split(static_cast<float>(x), mx, ex);
    if (x == 0) mx = 0, ex = -40;
    const int e = ea + ex;
    const __int128 n = static_cast<__int128>(ma) * mx + (static_cast<__int128>(mb) << (eb - e));
    if (n <= 0) return 0.0;
    const double r = round_dyadic(static_cast<unsigned __int128>(n), e, false, f);
    return r > 1 ? 1.0 : r;
  };
  const auto xs = finite_halves();
  const auto got = values<uint16_t>(run("HardSigmoid", 6, {halves(xs)}));
  for (size_t i = 0; i < xs.size(); ++i) {
    const double x = half_value(xs[i]);
    if (std::fabs(x) < 0x1p-20) continue;  // beta shifted past 2^-20 units would overflow the oracle's int128
    CAPTURE(x);
    REQUIRE(half_value(got[i]) == oracle(x, kHalf));
  }
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-6.0f, 6.0f);
  std::vector<float> fs;
  for (int i = 0; i < 20000; ++i) fs.push_back(dist(rng));
  const auto gf =
      values<float>(run("HardSigmoid", 22, {vec<float>(T::Float, fs)}, {{}, {{"alpha", alpha}, {"beta", beta}}}));
  for (size_t i = 0; i < fs.size(); ++i) {
    if (std::fabs(fs[i]) < 0x1p-20f) continue;
    CAPTURE(fs[i]);
    REQUIRE(gf[i] == oracle(fs[i], kSingle));
  }
}
