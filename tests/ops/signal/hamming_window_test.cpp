// HammingWindow-17: size is "A scalar value"; a [1] tensor is refused.
#include <doctest/doctest.h>

#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

// spec: HammingWindow-17: "A scalar value indicating the length of the window."
TEST_CASE("HammingWindow-17: size must be a scalar; a [1] tensor is refused") {
  const Tensor scalar = Tensor::from_values<int64_t>(ElementType::Int64, {}, {4});
  const Tensor one = Tensor::from_values<int64_t>(ElementType::Int64, {1}, {4});
  CHECK(run_single_node("HammingWindow", 17, {scalar}).shape() == Shape{4});
  CHECK_THROWS_WITH_AS(run_single_node("HammingWindow", 17, {one}), doctest::Contains("size must be a scalar (rank 0)"),
                       Error);
}
