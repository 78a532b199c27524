// Unit tests of ops/math/mod.cpp.
#include "helpers/activation_ops.h"

TEST_CASE("Mod: every int8 pair under both sign rules; division by zero is an error; floats need fmod 1") {
  std::vector<int8_t> xs, ys;
  for (int x = -128; x < 128; ++x)
    for (int y = -128; y < 128; ++y)
      if (y != 0) xs.push_back(static_cast<int8_t>(x)), ys.push_back(static_cast<int8_t>(y));
  const Tensor tx = vec<int8_t>(T::Int8, xs), ty = vec<int8_t>(T::Int8, ys);
  const auto python = values<int8_t>(run("Mod", 13, {tx, ty}));
  const auto c = values<int8_t>(run("Mod", 13, {tx, ty}, {{{"fmod", 1}}}));
  for (size_t i = 0; i < xs.size(); ++i) {
    const int x = xs[i], y = ys[i];
    const int trunc = x - (x / y) * y;  // in int: no overflow
    const int floor = (trunc != 0 && ((trunc < 0) != (y < 0))) ? trunc + y : trunc;
    REQUIRE(c[i] == trunc);
    REQUIRE(python[i] == floor);
  }
  CHECK_THROWS_WITH_AS(run("Mod", 10, {vec<int32_t>(T::Int32, {5, 6}), vec<int32_t>(T::Int32, {2, 0})}),
                       doctest::Contains("modulo by zero at output index 1"), Error);
  CHECK_THROWS_WITH_AS(run("Mod", 10, {vec<float>(T::Float, {5}), vec<float>(T::Float, {2})}),
                       doctest::Contains("floating inputs need fmod = 1"), Error);
  CHECK(values<float>(run("Mod", 10, {vec<float>(T::Float, {-5.5f}), vec<float>(T::Float, {2})}, {{{"fmod", 1}}}))[0] ==
        -1.5f);
  CHECK_THROWS_WITH_AS(run("Mod", 10, {vec<int32_t>(T::Int32, {5}), vec<int32_t>(T::Int32, {2})}, {{{"fmod", 2}}}),
                       doctest::Contains("'fmod' must be 0 or 1"), Error);
}
