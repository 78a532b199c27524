// Unit tests of ops/math/neg.cpp.
#include "helpers/math_ops.h"

TEST_CASE("Neg Abs: every int8 value, wrapping at the most negative one") {
  std::vector<int8_t> xs;
  for (int x = -128; x < 128; ++x) xs.push_back(static_cast<int8_t>(x));
  const auto neg = values<int8_t>(run_op("Neg", 6, {vec(T::Int8, xs)}));
  const auto abs = values<int8_t>(run_op("Abs", 13, {vec(T::Int8, xs)}));
  for (size_t i = 0; i < xs.size(); ++i) {
    CHECK(neg[i] == wrap8(-xs[i]));
    CHECK(abs[i] == wrap8(xs[i] < 0 ? -xs[i] : xs[i]));
  }
  CHECK(neg[0] == -128);
  CHECK(abs[0] == -128);
  constexpr int64_t lmin = std::numeric_limits<int64_t>::min();
  CHECK(values<int64_t>(run_op("Neg", 13, {vec<int64_t>(T::Int64, {lmin, -5, 0})})) ==
        std::vector<int64_t>{lmin, 5, 0});
  CHECK(values<int64_t>(run_op("Abs", 6, {vec<int64_t>(T::Int64, {lmin, -5, 7})})) == std::vector<int64_t>{lmin, 5, 7});
  // Unsigned Abs is the identity.
  CHECK(values<uint32_t>(run_op("Abs", 6, {vec<uint32_t>(T::UInt32, {0, 0xffffffffu})})) ==
        std::vector<uint32_t>{0, 0xffffffffu});
  // Neg has no unsigned types.
  CHECK_THROWS_WITH_AS(run_op("Neg", 13, {vec<uint8_t>(T::UInt8, {1})}), doctest::Contains("Neg-13"), Error);
  CHECK_THROWS_WITH_AS(run_op("Abs", 1, {vec<int32_t>(T::Int32, {1})}), doctest::Contains("Abs-1"), Error);
}

TEST_CASE("Neg Abs: floats flip or clear the sign bit exactly") {
  const auto neg = values<double>(run_op("Neg", 1, {vec<double>(T::Double, {0.0, -0.0, kInf, 1.5})}));
  CHECK(std::signbit(neg[0]));
  CHECK(!std::signbit(neg[1]));
  CHECK(neg[2] == -kInf);
  CHECK(neg[3] == -1.5);
  const auto abs = values<float>(run_op("Abs", 13, {vec<float>(T::Float, {-0.0f, -INFINITY, -2.5f, NAN})}));
  CHECK(!std::signbit(abs[0]));
  CHECK(abs[1] == INFINITY);
  CHECK(abs[2] == 2.5f);
  CHECK(std::isnan(abs[3]));
  CHECK(values<uint16_t>(run_op("Neg", 13, {vec<uint16_t>(T::Float16, {0x0000, 0x3c00, 0x7c00, 0xfe00})})) ==
        std::vector<uint16_t>{0x8000, 0xbc00, 0xfc00, 0x7e00});
  CHECK(values<uint16_t>(run_op("Abs", 13, {vec<uint16_t>(T::BFloat16, {0x8000, 0xbf80, 0x3f80, 0xffc0})})) ==
        std::vector<uint16_t>{0x0000, 0x3f80, 0x3f80, 0x7fc0});
  CHECK(run_op("Abs", 6, {make<float>(T::Float, {3, 0}, {})}).shape() == Shape{3, 0});
}
