// Unit tests of ops/math/div.cpp.
#include "helpers/math_ops.h"

TEST_CASE("Div: integer division by zero is an error naming the node and the flat output index") {
  CHECK_THROWS_WITH_AS(
      run_op("Div", 14, {make<int32_t>(T::Int32, {2, 2}, {1, 2, 3, 4}), vec<int32_t>(T::Int32, {5, 0})}),
      doctest::Contains("node 'n' (#0, Div-14)"), Error);
  CHECK_THROWS_WITH_AS(
      run_op("Div", 14, {make<int32_t>(T::Int32, {2, 2}, {1, 2, 3, 4}), vec<int32_t>(T::Int32, {5, 0})}),
      doctest::Contains("integer division by zero at output index 1 (A is 2, B is 0)"), Error);
  CHECK_THROWS_WITH_AS(run_op("Div", 14, {vec<uint8_t>(T::UInt8, {1, 2, 3}), make<uint8_t>(T::UInt8, {}, {0})}),
                       doctest::Contains("integer division by zero at output index 0 (A is 1, B is 0)"), Error);
  CHECK_THROWS_WITH_AS(
      run_op("Div", 6, {make<int64_t>(T::Int64, {2, 2}, {1, 2, 3, 4}), make<int64_t>(T::Int64, {2, 2}, {1, 2, 3, 0})},
             {{"broadcast", 0}}),
      doctest::Contains("integer division by zero at output index 3 (A is 4, B is 0)"), Error);
  // An empty output divides nothing.
  CHECK(run_op("Div", 14, {make<int32_t>(T::Int32, {0, 2}, {}), vec<int32_t>(T::Int32, {0, 0})}).shape() ==
        Shape{0, 2});
  // Floats follow IEEE.
  const auto q = values<float>(run_op("Div", 7, {vec<float>(T::Float, {1, -1, 0}), vec<float>(T::Float, {0, 0, 0})}));
  CHECK(q[0] == std::numeric_limits<float>::infinity());
  CHECK(q[1] == -std::numeric_limits<float>::infinity());
  CHECK(std::isnan(q[2]));
}
