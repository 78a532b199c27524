// Tile-6 and -13: repeats has one entry per input dimension; output_dim[i] = input_dim[i] *
// repeats[i]. Expected values by hand.
#include <doctest/doctest.h>

#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: Tile-6,13: "1D int64 tensor of the same length as input's dimension number, includes numbers of repeated copies along input's dimensions."
// spec: Tile-6,13: "Output tensor of the same dimensions and type as tensor input. output_dim[i] = input_dim[i] * repeats[i]"
TEST_CASE("Tile-6 and -13: output_dim[i] = input_dim[i] * repeats[i]; repeats of another length is refused") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 2}, {1, 2});
  for (int opset : {6, 13}) {
    CAPTURE(opset);
    const Tensor y = run_single_node("Tile", opset, {x, int64_tensor({2, 2})});
    REQUIRE(y.shape() == Shape{2, 4});
    const std::vector<float> expected{1, 2, 1, 2, 1, 2, 1, 2};
    for (size_t i = 0; i < expected.size(); ++i) CHECK(y.data_as<float>()[i] == expected[i]);
    CHECK_THROWS_AS(run_single_node("Tile", opset, {x, int64_tensor({2})}), Error);
    CHECK_THROWS_AS(run_single_node("Tile", opset, {x, int64_tensor({1, 1, 2})}), Error);
  }
}
