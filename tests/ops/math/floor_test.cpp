// Unit tests of ops/math/floor.cpp.
#include "helpers/activation_ops.h"

TEST_CASE("Floor, Ceil, Round (half to even), Sign, Reciprocal") {
  const Tensor x = vec<float>(T::Float, {-2.5f, -1.5f, -0.5f, 0.5f, 1.5f, 2.5f, -0.4f, 2.6f});
  CHECK(values<float>(run("Round", 11, {x})) == std::vector<float>{-2, -2, -0.0f, 0, 2, 2, -0.0f, 3});
  CHECK(std::signbit(values<float>(run("Round", 11, {x}))[2]));
  CHECK(values<float>(run("Floor", 13, {x})) == std::vector<float>{-3, -2, -1, 0, 1, 2, -1, 2});
  CHECK(values<float>(run("Ceil", 13, {x})) == std::vector<float>{-2, -1, 0, 1, 2, 3, 0, 3});
  CHECK(std::signbit(values<float>(run("Ceil", 13, {x}))[2]));  // Ceil(-0.5) = -0
  const auto s = values<double>(run("Sign", 13, {vec<double>(T::Double, {-3.0, -0.0, 0.0, 7.0, kNaN})}));
  CHECK(s[0] == -1.0);
  CHECK((s[1] == 0.0 && !std::signbit(s[1])));
  CHECK(s[3] == 1.0);
  CHECK(std::isnan(s[4]));
  CHECK(values<uint8_t>(run("Sign", 9, {vec<uint8_t>(T::UInt8, {0, 1, 255})})) == std::vector<uint8_t>{0, 1, 1});
  // 1/3 in float16: 2^-24 units: 2^24 / 3 rounded to 11 bits.
  CHECK(half_values(run("Reciprocal", 13, {halves({0x4200})}))[0] == round_quotient(1, 3, 0, kHalf));
}
