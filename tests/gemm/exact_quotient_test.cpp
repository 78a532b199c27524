// Unit tests: gemm exact quotient.
#include "helpers/conv_pool.h"

TEST_CASE("exact quotient: ties and near-ties are rounded once") {
  ExactSum s;
  s.add(3.0);
  s.add(3 * 0x1p-24);
  CHECK(gemm::round_quotient<float>(s, 3) == 1.0f);  // exactly 1 + 2^-24: a tie, to even
  ExactSum up = s;
  up.add(0x1p-80);  // the double quotient of the rounded sum would still be the tie
  CHECK(gemm::round_quotient<float>(up, 3) == 1.0f + 0x1p-23f);
  ExactSum down = s;
  down.add(-0x1p-80);
  CHECK(gemm::round_quotient<float>(down, 3) == 1.0f);
  ExactSum third;
  third.add(1.0);
  CHECK(gemm::round_quotient<double>(third, 3) == 1.0 / 3);  // IEEE division is correctly rounded
  CHECK(gemm::round_quotient<float>(third, 3) == 1.0f / 3);
}
