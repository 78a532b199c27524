// Unit tests of ops/activation/relu.cpp.
#include "helpers/activation_ops.h"

TEST_CASE("Relu: exact at every version; integers from 14") {
  CHECK(half_values(run("Relu", 6, {halves({0x3c00, 0xbc00, 0x8000, 0x7e00})}))[0] == 1.0);
  const auto r = values<float>(run("Relu", 13, {vec<float>(T::Float, {-2.5f, 0.0f, 3.25f, NAN})}));
  CHECK(r[0] == 0.0f);
  CHECK(r[2] == 3.25f);
  CHECK(std::isnan(r[3]));
  CHECK(values<int8_t>(run("Relu", 14, {vec<int8_t>(T::Int8, {-128, -1, 0, 127})})) ==
        std::vector<int8_t>{0, 0, 0, 127});
  CHECK_THROWS_WITH_AS(run("Relu", 13, {vec<int8_t>(T::Int8, {1})}), doctest::Contains("int8"), Error);
}
