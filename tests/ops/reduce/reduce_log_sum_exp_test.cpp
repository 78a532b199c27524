// ReduceLogSumExp: the rules of the ONNX 1.22.0 text, each check citing its sentence.
#include <doctest/doctest.h>

#include "helpers/reduce_common_rules.h"

namespace reduce_common_rules_tests {

// spec: ReduceLogSumExp-18: "composite-reduction operators will still perform the non-reduction steps as needed"
TEST_CASE("ReduceLogSumExp-18: noop_with_empty_axes = 1 without axes gives log(exp(x)) for each element") {
  // log(exp(0)) = 0 and log(exp(-inf)) = log(0) = -inf: exact whatever the rounding of the steps.
  const float inf = std::numeric_limits<float>::infinity();
  const Tensor x = floats({2}, {0.0f, -inf});
  const Tensor y = reduce_node(kReduceOps[8], 18, x, std::nullopt, std::nullopt, 1).run_tensor();
  REQUIRE(y.shape() == Shape{2});
  CHECK(y.data_as<float>()[0] == 0.0f);
  CHECK(y.data_as<float>()[1] == -inf);
}

}  // namespace reduce_common_rules_tests
