// Unit tests of ops/math/greater_or_equal.cpp.
#include "helpers/activation_ops.h"

TEST_CASE("GreaterOrEqual, LessOrEqual: NaN false, signed zeros equal") {
  const Tensor a = vec<double>(T::Double, {1, kNaN, -0.0, 2});
  const Tensor b = vec<double>(T::Double, {1, 1, 0.0, 3});
  CHECK(values<uint8_t>(run("GreaterOrEqual", 16, {a, b})) == std::vector<uint8_t>{1, 0, 1, 0});
  CHECK(values<uint8_t>(run("LessOrEqual", 12, {a, b})) == std::vector<uint8_t>{1, 0, 1, 1});
}
