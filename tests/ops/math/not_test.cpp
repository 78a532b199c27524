// Unit tests of ops/math/not.cpp.
#include "helpers/math_ops.h"

TEST_CASE("Not: bool only") {
  CHECK(bools(run_op("Not", 1, {make<uint8_t>(T::Bool, {2, 2}, {0, 1, 1, 0})})) ==
        std::vector<bool>{true, false, false, true});
  CHECK(run_op("Not", 1, {make<uint8_t>(T::Bool, {0}, {})}).shape() == Shape{0});
  CHECK_THROWS_AS(run_op("Not", 1, {vec<float>(T::Float, {1})}), Error);
}
