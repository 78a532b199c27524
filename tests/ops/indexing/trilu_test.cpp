// Unit tests of ops/indexing/trilu.cpp.
#include <doctest/doctest.h>
#include "helpers/indexing_rules.h"
#include "helpers/movement_indexing.h"

TEST_CASE("Trilu, OneHot, DepthToSpace and SpaceToDepth") {
  const Tensor m = i64({3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  CHECK(ints(run_op("Trilu", 14, {m, i64({}, {1})})[0]) == std::vector<int64_t>{0, 2, 3, 0, 0, 6, 0, 0, 0});
  CHECK(ints(run_op("Trilu", 14, {m, i64({}, {-1})}, {{"upper", int64_t{0}}})[0]) ==
        std::vector<int64_t>{0, 0, 0, 4, 0, 0, 7, 8, 0});
  CHECK(ints(run_op("Trilu", 14, {m, i64({}, {INT64_MIN})})[0]) == ints(m));
  CHECK(ints(run_op("Trilu", 14, {m, i64({}, {INT64_MAX})})[0]) == std::vector<int64_t>(9, 0));
  const auto hot = run_op("OneHot", 11, {i64({3}, {0, -1, 7}), i64({}, {3}), i64({2}, {5, 6})});
  CHECK(hot[0].tensor().shape() == Shape{3, 3});
  CHECK(ints(hot[0]) == std::vector<int64_t>{6, 5, 5, 5, 5, 6, 5, 5, 5});
  CHECK_THROWS_WITH_AS(run_op("OneHot", 11, {i64({1}, {0}), i64({}, {0}), i64({2}, {0, 1})}),
                       "depth = 0 must be at least 1", Error);
  CHECK_THROWS_WITH_AS(run_op("OneHot", 11, {i64({1}, {0}), i64({}, {int64_t{1} << 50}), i64({2}, {0, 1})}),
                       doctest::Contains("bytes"), Error);
  std::vector<int64_t> v(16);
  for (int64_t i = 0; i < 16; ++i) v[static_cast<size_t>(i)] = i;
  const Tensor x = i64({1, 4, 2, 2}, v);
  const Tensor dcr = run_op("DepthToSpace", 13, {x}, {{"blocksize", int64_t{2}}})[0].tensor();
  CHECK(dcr.shape() == Shape{1, 1, 4, 4});
  CHECK(ints(dcr) == std::vector<int64_t>{0, 4, 1, 5, 8, 12, 9, 13, 2, 6, 3, 7, 10, 14, 11, 15});
  // SpaceToDepth inverts DepthToSpace in DCR mode.
  CHECK(run_op("SpaceToDepth", 13, {dcr}, {{"blocksize", int64_t{2}}})[0].tensor().identical_to(x));
  CHECK_THROWS_WITH_AS(run_op("DepthToSpace", 13, {i64({1, 3, 1, 1}, {0, 1, 2})}, {{"blocksize", int64_t{2}}}),
                       "the input's 3 channels do not divide by blocksize² (blocksize 2)", Error);
  CHECK_THROWS_WITH_AS(run_op("SpaceToDepth", 13, {x}, {{"blocksize", int64_t{0}}}), "blocksize = 0 must be at least 1",
                       Error);
}

// The rules of the ONNX 1.22.0 text, each test citing its sentence.
// spec: Trilu-14: "Default value for the "upper" attribute is true."
// spec: Trilu-14: "Default value is 0 if it's not specified."
// spec: Trilu-14: "Output tensor of the same type and shape as the input tensor."
TEST_CASE("Trilu-14: the upper triangle with diagonal 0 by default; k shifts it") {
  const Tensor x = Tensor::from_values<float>(T::Float, {3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  const Tensor y = testing::OpTester("Trilu", 14).input(Value(x)).run_tensor();
  REQUIRE(y.shape() == Shape{3, 3});
  const std::vector<float> upper{1, 2, 3, 0, 5, 6, 0, 0, 9};
  for (size_t i = 0; i < 9; ++i) CHECK(y.data_as<float>()[i] == upper[i]);
  const Tensor k1 = testing::OpTester("Trilu", 14).input(Value(x)).input(Value(i64({}, {1}))).run_tensor();
  const std::vector<float> above{0, 2, 3, 0, 0, 6, 0, 0, 0};
  for (size_t i = 0; i < 9; ++i) CHECK(k1.data_as<float>()[i] == above[i]);
  const Tensor lower = testing::OpTester("Trilu", 14).input(Value(x)).attribute("upper", int64_t{0}).run_tensor();
  const std::vector<float> below{1, 0, 0, 4, 5, 0, 7, 8, 9};
  for (size_t i = 0; i < 9; ++i) CHECK(lower.data_as<float>()[i] == below[i]);
}

namespace indexing_rules_tests {

// spec: Trilu-14: "Default is true."
// spec: Trilu-14: "A 0-D tensor containing a single value corresponding to the number diagonals above or below the main diagonal to exclude or include."
TEST_CASE("Trilu-14: upper by default; k a 0-D tensor") {
  const Tensor m = f32({2, 2}, {1, 2, 3, 4});
  CHECK(floats(run("Trilu", 14, {m})) == std::vector<float>{1, 2, 0, 4});
  CHECK(floats(run("Trilu", 14, {m, i64({}, {1})})) == std::vector<float>{0, 2, 0, 0});
  CHECK(floats(run("Trilu", 14, {m, i64({}, {0})}, [](OpTester& t) { t.attribute("upper", int64_t{0}); })) ==
        std::vector<float>{1, 0, 3, 4});
}

}  // namespace indexing_rules_tests
