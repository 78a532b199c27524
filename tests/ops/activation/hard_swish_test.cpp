// Unit tests of ops/activation/hard_swish.cpp.
#include "helpers/activation_ops.h"

TEST_CASE("HardSwish: every float16 input against the exact value rounded once") {
  const auto xs = finite_halves();
  const auto got = values<uint16_t>(run("HardSwish", 14, {halves(xs)}));
  for (size_t i = 0; i < xs.size(); ++i) {
    const double x = half_value(xs[i]);
    double expected;
    if (x >= 3)
      expected = x;
    else if (x <= -3)
      expected = x * 0.0;
    else if (x == 0)
      expected = x;
    else {
      // x = X 2^-24: x (x + 3) / 6 = X (X + 3 2^24) / (6 2^48)
      const int64_t X = half_units(xs[i]);
      const __int128 num = static_cast<__int128>(X) * (X + 3 * (int64_t{1} << 24));
      const double mag = round_quotient(static_cast<unsigned __int128>(num < 0 ? -num : num), 6, -48, kHalf);
      expected = num < 0 ? -mag : mag;
    }
    CAPTURE(x);
    REQUIRE(same(half_value(got[i]), expected));
  }
}
