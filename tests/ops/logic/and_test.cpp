// Unit tests of ops/logic/and.cpp.
#include "helpers/activation_ops.h"

TEST_CASE("And Or Xor (legacy broadcast in 1), bitwise operators, BitShift") {
  const Tensor a = vec<uint8_t>(T::Bool, {0, 0, 1, 1});
  const Tensor b = vec<uint8_t>(T::Bool, {0, 1, 0, 1});
  CHECK(values<uint8_t>(run("And", 7, {a, b})) == std::vector<uint8_t>{0, 0, 0, 1});
  CHECK(values<uint8_t>(run("Or", 7, {a, b})) == std::vector<uint8_t>{0, 1, 1, 1});
  CHECK(values<uint8_t>(run("Xor", 7, {a, b})) == std::vector<uint8_t>{0, 1, 1, 0});
  CHECK(values<uint8_t>(run("And", 1, {a, vec<uint8_t>(T::Bool, {1})}, {{{"broadcast", 1}}})) ==
        std::vector<uint8_t>{0, 0, 1, 1});
  CHECK_THROWS_WITH_AS(run("Or", 1, {a, vec<uint8_t>(T::Bool, {1})}), doctest::Contains("'broadcast' is 0"), Error);
  const Tensor p = vec<int8_t>(T::Int8, {-1, 0x0f, -128});
  const Tensor q = vec<int8_t>(T::Int8, {0x35, 0x3c, 1});
  CHECK(values<int8_t>(run("BitwiseAnd", 18, {p, q})) == std::vector<int8_t>{0x35, 0x0c, 0});
  CHECK(values<int8_t>(run("BitwiseOr", 18, {p, q})) == std::vector<int8_t>{-1, 0x3f, -127});
  CHECK(values<int8_t>(run("BitwiseXor", 18, {p, q})) == std::vector<int8_t>{-0x36, 0x33, -127});
  CHECK(values<int8_t>(run("BitwiseNot", 18, {p})) == std::vector<int8_t>{0, -0x10, 127});
  const Tensor u = vec<uint8_t>(T::UInt8, {0x81, 0x81, 0x81, 0x81});
  const Tensor n = vec<uint8_t>(T::UInt8, {1, 7, 8, 200});
  CHECK(values<uint8_t>(run("BitShift", 11, {u, n}, {{}, {}, {{"direction", "LEFT"}}})) ==
        std::vector<uint8_t>{0x02, 0x80, 0, 0});
  CHECK(values<uint8_t>(run("BitShift", 11, {u, n}, {{}, {}, {{"direction", "RIGHT"}}})) ==
        std::vector<uint8_t>{0x40, 0x01, 0, 0});
  CHECK_THROWS_WITH_AS(run("BitShift", 11, {u, n}, {{}, {}, {{"direction", "left"}}}),
                       doctest::Contains("'direction' must be \"LEFT\" or \"RIGHT\""), Error);
}
