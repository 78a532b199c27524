// Unit tests of ops/activation/shrink.cpp.
#include "helpers/activation_ops.h"

TEST_CASE("Shrink: floats rounded once, integers wrap, a fractional bias on integers is an error") {
  const Attrs a{{}, {{"lambd", 1.5f}, {"bias", 0.5f}}};
  CHECK(values<float>(run("Shrink", 9, {vec<float>(T::Float, {-2, -1.5f, 1, 2, NAN})}, a))[0] == -1.5f);
  const auto f = values<float>(run("Shrink", 9, {vec<float>(T::Float, {-2, -1.5f, 1, 2, NAN})}, a));
  CHECK(f[1] == 0.0f);
  CHECK(f[2] == 0.0f);
  CHECK(f[3] == 1.5f);
  CHECK(std::isnan(f[4]));
  const auto h = half_values(run("Shrink", 9, {halves({0x6800})}, {{}, {{"lambd", 0.0f}, {"bias", 0.5f}}}));  // 2048
  CHECK(h[0] == 2048.0);  // 2047.5 lies between 2047 and 2048: the tie goes to the even 2048
  const auto i8 = values<int8_t>(
      run("Shrink", 9, {vec<int8_t>(T::Int8, {-128, 0, 1, 127})}, {{}, {{"lambd", 0.5f}, {"bias", 2.0f}}}));
  CHECK(i8 == std::vector<int8_t>{-126, 0, -1, 125});
  const auto big = values<int64_t>(run("Shrink", 9, {vec<int64_t>(T::Int64, {INT64_MAX})}, {{}, {{"bias", -1.0f}}}));
  CHECK(big[0] == INT64_MIN);  // wraps
  CHECK_THROWS_WITH_AS(run("Shrink", 9, {vec<int32_t>(T::Int32, {5})}, {{}, {{"bias", 0.5f}}}),
                       doctest::Contains("not an integral value"), Error);
}

// spec: Shrink-9: "Constrain input to only numeric types."
TEST_CASE("Shrink-9: a bool or string input is refused") {
  CHECK_THROWS_AS(run("Shrink", 9, {Tensor::from_values<uint8_t>(T::Bool, {1}, {1})}), Error);
  CHECK_THROWS_AS(run("Shrink", 9, {Tensor::from_strings({1}, {"1"})}), Error);
}
