// Unit tests of ops/activation/clip.cpp.
#include "helpers/activation_ops.h"

TEST_CASE("Clip: attributes (1, 6), optional inputs (11+), min > max, absent bounds, NaN") {
  const Tensor x = vec<float>(T::Float, {-5, -1, 0, 1, 5, NAN});
  // Clip-1 without attributes does not bound.
  const auto c1 = values<float>(run("Clip", 1, {x}));
  CHECK(c1[0] == -5);
  CHECK(c1[4] == 5);
  CHECK(std::isnan(c1[5]));
  CHECK(values<float>(run("Clip", 6, {x}, {{}, {{"min", -2.0f}, {"max", 2.0f}}}))[4] == 2);
  // Clip-6's default bounds are -FLT_MAX and FLT_MAX, so a double beyond them is clamped.
  const auto d = values<double>(run("Clip", 6, {vec<double>(T::Double, {1e300, -1e300})}));
  CHECK(d[0] == static_cast<double>(std::numeric_limits<float>::max()));
  CHECK(d[1] == -static_cast<double>(std::numeric_limits<float>::max()));
  const Tensor lo = Tensor::from_values<float>(T::Float, {}, {-2});
  const Tensor hi = Tensor::from_values<float>(T::Float, {}, {2});
  auto c11 = values<float>(run("Clip", 11, {x, std::nullopt, hi}));
  CHECK(c11[0] == -5);
  CHECK(c11[4] == 2);
  c11 = values<float>(run("Clip", 13, {x, lo, std::nullopt}));
  CHECK(c11[0] == -2);
  CHECK(c11[4] == 5);
  // min > max: every element becomes max.
  const auto swapped = values<float>(run("Clip", 13, {x, hi, lo}));
  for (size_t i = 0; i < 5; ++i) CHECK(swapped[i] == -2);
  const auto ints = values<int8_t>(run("Clip", 12, {vec<int8_t>(T::Int8, {-128, 0, 127}),
                                                    Tensor::from_values<int8_t>(T::Int8, {}, {-3}),
                                                    Tensor::from_values<int8_t>(T::Int8, {1}, {4})}));
  CHECK(ints == std::vector<int8_t>{-3, 0, 4});
  CHECK_THROWS_WITH_AS(run("Clip", 13, {x, vec<float>(T::Float, {1, 2})}), doctest::Contains("a bound must be a scalar"),
                       Error);
}
