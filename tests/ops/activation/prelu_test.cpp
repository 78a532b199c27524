// Unit tests of ops/activation/prelu.cpp.
#include "helpers/activation_defaults.h"
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

namespace activation_defaults_tests {

// slope [0.5, 0.25] broadcast along the last axis of X [[-2, 3], [-4, 5]]: [[-1, 3], [-2, 5]].
// spec: PRelu-7,9,16: "This operator supports **unidirectional broadcasting** (tensor slope should be unidirectional broadcastable to input tensor X)"
// spec: PRelu-7,9,16: "The shape of slope can be smaller than first input X; if so, its shape must be unidirectional broadcastable to X"
TEST_CASE("PRelu 7 and later: slope broadcast to X; a slope that does not broadcast is refused") {
  const Tensor x = Tensor::from_values<float>(T::Float, {2, 2}, {-2, 3, -4, 5});
  for (int64_t v : {7, 9, 16}) {
    INFO("PRelu-", v);
    OpTester t("PRelu", v);
    t.input(Value(x)).input(Value(Tensor::from_values<float>(T::Float, {2}, {0.5f, 0.25f})));
    CHECK(floats(t.run_tensor()) == std::vector<float>{-1, 3, -2, 5});
    OpTester bad("PRelu", v);
    bad.input(Value(x)).input(Value(Tensor::from_values<float>(T::Float, {3}, {1, 1, 1})));
    CHECK_THROWS_AS(bad.run(), Error);
  }
}

}  // namespace activation_defaults_tests
