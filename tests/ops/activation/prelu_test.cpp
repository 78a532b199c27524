// Unit tests of ops/activation/prelu.cpp.
#include "helpers/activation_ops.h"

TEST_CASE("PRelu: unidirectional broadcasting; versions 1 and 6 take a per-channel slope") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 2, 2}, {-1, 2, -3, 4});
  const Tensor slope = vec<float>(T::Float, {0.5f, 0.25f});
  CHECK(values<float>(run("PRelu", 9, {x, slope})) == std::vector<float>{-0.5f, 2, -1.5f, 4});   // along the last axis
  CHECK(values<float>(run("PRelu", 6, {x, slope})) == std::vector<float>{-0.5f, 2, -0.75f, 4});  // along axis 1
  CHECK_THROWS_WITH_AS(run("PRelu", 9, {x, vec<float>(T::Float, {1, 2, 3})}), doctest::Contains("does not broadcast"),
                       Error);
  CHECK(values<uint32_t>(run("PRelu", 16, {vec<uint32_t>(T::UInt32, {7}), vec<uint32_t>(T::UInt32, {3})}))[0] == 7);
  CHECK(values<int32_t>(run("PRelu", 16, {vec<int32_t>(T::Int32, {INT32_MIN}), vec<int32_t>(T::Int32, {2})}))[0] == 0);
}
