// Col2Im-18 with strings (T includes tensor(string)): blocks that do not overlap are rearranged,
// an element no block covers is the empty string, and an element two blocks land on is refused.
// Expected values by hand.
#include <doctest/doctest.h>

#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: Col2Im-18: "T : tensor(uint8), tensor(uint16), tensor(uint32), tensor(uint64), tensor(int8), tensor(int16), tensor(int32), tensor(int64), tensor(bfloat16), tensor(float16), tensor(float), tensor(double), tensor(string)"
TEST_CASE("Col2Im-18: string blocks are rearranged where no two overlap, refused where they do") {
  // Image [1, 4], blocks [1, 2], stride 2: two blocks, columns [C * 2, L = 2] = [[a, c], [b, d]].
  const Tensor cols = Tensor::from_strings({1, 2, 2}, {"a", "c", "b", "d"});
  const Tensor image = int64_tensor({1, 4});
  const Tensor block = int64_tensor({1, 2});
  const Tensor y = run_single_node("Col2Im", 18, {cols, image, block}, [](onnx::NodeProto& n) { set_ints(n, "strides", {1, 2}); });
  REQUIRE(y.shape() == Shape{1, 1, 1, 4});
  CHECK(y.strings() == std::vector<std::string>{"a", "b", "c", "d"});
  // Stride 3 over an image of 5: blocks at 0-1 and 3-4, element 2 uncovered: "".
  const Tensor gap = run_single_node("Col2Im", 18, {cols, int64_tensor({1, 5}), block}, [](onnx::NodeProto& n) { set_ints(n, "strides", {1, 3}); });
  CHECK(gap.strings() == std::vector<std::string>{"a", "b", "", "c", "d"});
  // Stride 1 over an image of 3: blocks at 0-1 and 1-2 share element 1.
  CHECK_THROWS_WITH_AS(run_single_node("Col2Im", 18, {cols, int64_tensor({1, 3}), block}),
                       doctest::Contains("strings have no sum"), Error);
}
