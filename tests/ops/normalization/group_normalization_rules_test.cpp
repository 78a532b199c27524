// GroupNormalization-21 against InstanceNormalization and LayerNormalization, and
// BatchNormalization-14/15's required inputs: sentences of the ONNX 1.22.0 text, each check citing
// its sentence.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace group_normalization_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }

const std::vector<float> kData = {0.5f, -1.25f, 3, 2, 7.5f, -0.75f, 1, 4};

Tensor group_norm(int64_t groups) {
  OpTester t("GroupNormalization", 21);
  t.input(Value(f32({1, 2, 4}, kData))).input(Value(f32({2}, {1, 1}))).input(Value(f32({2}, {0, 0})));
  t.attribute("num_groups", groups);
  return t.run_tensor();
}

// spec: GroupNormalization-21: "When the number of groups is the same as the number of channels, this operator is equivalent to InstanceNormalization."
TEST_CASE("GroupNormalization-21: one channel per group is InstanceNormalization") {
  OpTester instance("InstanceNormalization", 22);
  instance.input(Value(f32({1, 2, 4}, kData))).input(Value(f32({2}, {1, 1}))).input(Value(f32({2}, {0, 0})));
  CHECK(group_norm(2).identical_to(instance.run_tensor()));
}

// spec: GroupNormalization-21: "When there is only one group, this operator is equivalent to LayerNormalization."
TEST_CASE("GroupNormalization-21: one group is LayerNormalization over the channels and the rest") {
  OpTester layer("LayerNormalization", 17);
  layer.input(Value(f32({1, 2, 4}, kData))).input(Value(f32({2, 4}, std::vector<float>(8, 1)))).input(Value(f32({2, 4}, std::vector<float>(8, 0))));
  layer.attribute("axis", int64_t{1});
  CHECK(group_norm(1).identical_to(layer.run_tensor()));
}

// spec: BatchNormalization-14,15: "Depending on the mode it is being run, There are five required inputs 'X', 'scale', 'B', 'input_mean' and 'input_var'."
TEST_CASE("BatchNormalization-14 and -15: five inputs are required") {
  for (int64_t v : {14, 15}) {
    INFO("BatchNormalization-", v);
    OpTester t("BatchNormalization", v);
    t.input(Value(f32({1, 1, 2}, {1, 2}))).input(Value(f32({1}, {1}))).input(Value(f32({1}, {0}))).input(Value(f32({1}, {0})));
    CHECK_THROWS_AS(t.run(), Error);
  }
}

}  // namespace group_normalization_rules_tests
