// Unit tests: numeric exact sum.
#include "helpers/activation_ops.h"
#include "helpers/reduce_range.h"

TEST_CASE("ExactSum::round_quotient: ties, sticky remainders and subnormal quotients") {
  ExactSum s;
  s.add(3 * 0x1p-1074);
  CHECK(s.round_quotient(2, false) == 2 * 0x1p-1074);  // 1.5 units: the tie goes to even (2)
  ExactSum t;
  t.add(5 * 0x1p-1074);
  CHECK(t.round_quotient(2, false) == 2 * 0x1p-1074);  // 2.5 units: even (2)
  CHECK(t.round_quotient(3, false) == 2 * 0x1p-1074);  // 1.67 units: up
  ExactSum u;
  u.add(1.0);
  CHECK(u.round_quotient(3, false) == 1.0 / 3);  // one IEEE division is correctly rounded too
  CHECK(u.round_quotient(10, false) == 0.1);
  ExactSum v;
  v.add(1.0);
  v.add(0x1p-60);  // 1 + 2^-60: the quotient by 1 must keep the sticky part to odd
  CHECK(v.round_quotient(1, true) == 1.0 + 0x1p-52);
  CHECK(v.round_quotient(1, false) == 1.0);
  ExactSum w;
  w.add(-kInf);
  CHECK(w.round_quotient(4, false) == -kInf);
}

TEST_CASE("ExactSum: rounding to nearest and to odd, signs, products") {
  ExactSum s;
  CHECK(s.sign() == 0);
  CHECK(s.round_nearest() == 0);
  s.add(1.0);
  s.add(std::ldexp(1.0, -53));  // 1 + half an ulp: a tie, to even
  CHECK(s.round_nearest() == 1.0);
  CHECK(s.round_odd() == std::nextafter(1.0, 2.0));
  s.add(std::ldexp(1.0, -1074));  // just above the tie
  CHECK(s.round_nearest() == std::nextafter(1.0, 2.0));
  ExactSum p;
  p.add_product(uint64_t{1} << 62, 0.1);
  p.add(-0.1 * std::ldexp(1.0, 62));
  CHECK(p.sign() == 0);
  p.add_product(3, -std::numeric_limits<double>::max());
  CHECK(p.sign() == -1);
  CHECK(p.round_nearest() == -std::numeric_limits<double>::infinity());
}
