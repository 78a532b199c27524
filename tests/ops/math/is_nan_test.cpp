// Unit tests of ops/math/is_nan.cpp.
#include "helpers/activation_ops.h"

TEST_CASE("IsNaN, IsInf (detect flags), float8 included from 20") {
  const Tensor x = vec<float>(T::Float, {1, NAN, INFINITY, -INFINITY});
  CHECK(values<uint8_t>(run("IsNaN", 13, {x})) == std::vector<uint8_t>{0, 1, 0, 0});
  CHECK(values<uint8_t>(run("IsInf", 10, {x})) == std::vector<uint8_t>{0, 0, 1, 1});
  CHECK(values<uint8_t>(run("IsInf", 10, {x}, {{{"detect_negative", 0}}})) == std::vector<uint8_t>{0, 0, 1, 0});
  CHECK(values<uint8_t>(run("IsInf", 20, {x}, {{{"detect_positive", 0}}})) == std::vector<uint8_t>{0, 0, 0, 1});
  // float8e5m2: 0x7C is +inf, 0x7E NaN; float8e4m3fn: 0x7F NaN and no infinity.
  const Tensor e5 = vec<uint8_t>(T::Float8E5M2, {0x7C, 0x7E, 0x3C});
  CHECK(values<uint8_t>(run("IsInf", 20, {e5})) == std::vector<uint8_t>{1, 0, 0});
  CHECK(values<uint8_t>(run("IsNaN", 20, {e5})) == std::vector<uint8_t>{0, 1, 0});
  CHECK(values<uint8_t>(run("IsNaN", 20, {vec<uint8_t>(T::Float8E4M3FN, {0x7F, 0x7E})})) == std::vector<uint8_t>{1, 0});
}
