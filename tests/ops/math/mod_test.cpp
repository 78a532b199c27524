// Unit tests of ops/math/mod.cpp.
#include "helpers/activation_ops.h"
#include "helpers/math_rules.h"

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

namespace math_rules_tests {

// Integer mod takes the divisor's sign: -7 mod 3 = 2, 7 mod -3 = -2. fmod takes the dividend's:
// fmod(-7, 3) = -1, fmod(7.5, -2) = 1.5.
// spec: Mod-10: "The sign of the remainder is the same as that of the Divisor."
// spec: Mod-10: "In this case, the sign of the remainder however, will be the same as the Dividend (in contrast to integer mod)."
// spec: Mod-10: "This attribute is set to 0 by default causing the behavior to be like integer mod."
// spec: Mod-10: "If the input type is floating point, then `fmod` attribute must be set to 1."
// spec: Mod-10,13: "Whether the operator should behave like fmod (default=0 meaning it will do integer mods); Set this to 1 to force fmod treatment"
// spec: Mod-13: "The semantics and supported data types depend on the value of the `fmod` attribute which must be `0` (default), or `1`."
// spec: Mod-13: "The result is exactly the value `x - n * y`, where `n` is `x / y` with its fractional part truncated."
// spec: Mod-13: "The returned value has the same sign as `x` (except if `x` is `-0`) and is less or equal to `|y|` in magnitude."
TEST_CASE("Mod, every version: integer mod by default (the divisor's sign); fmod = 1 for floats (the dividend's)") {
  const Tensor x = Tensor::from_values<int32_t>(T::Int32, {2}, {-7, 7});
  const Tensor y = Tensor::from_values<int32_t>(T::Int32, {2}, {3, -3});
  const auto fmod = [](OpTester& t) { t.attribute("fmod", int64_t{1}); };
  for (int64_t v : {10, 13}) {
    INFO("Mod-", v);
    const Tensor m = run("Mod", v, {x, y});
    CHECK(std::vector<int32_t>(m.data_as<int32_t>(), m.data_as<int32_t>() + 2) == std::vector<int32_t>{2, -2});
    const Tensor f = run("Mod", v, {x, y}, fmod);
    CHECK(std::vector<int32_t>(f.data_as<int32_t>(), f.data_as<int32_t>() + 2) == std::vector<int32_t>{-1, 1});
    CHECK(floats(run("Mod", v, {f32({2}, {-7, 7.5f}), f32({2}, {3, -2})}, fmod)) == std::vector<float>{-1, 1.5f});
    CHECK_THROWS_AS(run("Mod", v, {f32({1}, {1}), f32({1}, {1})}), Error);
    CHECK_THROWS_AS(run("Mod", v, {x, y}, [](OpTester& t) { t.attribute("fmod", int64_t{2}); }), Error);
  }
}

// spec: Mod-13: "- If `x` is `±∞` and `y` is not `NaN`, `NaN` is returned. - If `y` is `±0` and `x` is not `NaN`, `NaN` should be returned. - If `y` is `±∞` and `x` is finite, `x` is returned. - If either argument is `NaN`, `NaN` is returned."
TEST_CASE("Mod-13 with fmod = 1: the special cases of infinities, zeros and NaN") {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  const Tensor r = run("Mod", 13, {f32({5}, {inf, 1, 2.5f, nan, 1}), f32({5}, {2, 0, -inf, 1, nan})},
                       [](OpTester& t) { t.attribute("fmod", int64_t{1}); });
  const std::vector<float> got = floats(r);
  CHECK(std::isnan(got[0]));
  CHECK(std::isnan(got[1]));
  CHECK(got[2] == 2.5f);
  CHECK(std::isnan(got[3]));
  CHECK(std::isnan(got[4]));
}

}  // namespace math_rules_tests
