// InstanceNormalization: the rules of the ONNX 1.22.0 text, each check citing its sentence.
#include <doctest/doctest.h>

#include "helpers/normalization_rules.h"

namespace normalization_rules_tests {

// spec: InstanceNormalization-1: "The output 4-dimensional tensor of the same shape as input."
// spec: InstanceNormalization-6,22: "The output tensor of the same shape as input."
TEST_CASE("InstanceNormalization, every version: the output has the input's shape") {
  const Tensor x = f32({1, 2, 2}, {4, 4, 7, 7});  // each instance constant: (x - mean) = 0, Y = B
  for (int64_t v : {1, 6, 22}) {
    const Tensor y = node("InstanceNormalization", v, {x, f32({2}, {1, 1}), f32({2}, {0.5f, -2})}).run_tensor();
    CHECK(y.shape() == Shape{1, 2, 2});
    CHECK(floats(y) == std::vector<float>{0.5f, 0.5f, -2, -2});
  }
}

}  // namespace normalization_rules_tests
