// Trilu-14: upper = 1 and k = 0 by default; the output has the input's shape. Expected values by hand.
#include <doctest/doctest.h>

#include "node_runner.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: Trilu-14: "Default value for the "upper" attribute is true."
// spec: Trilu-14: "Default value is 0 if it's not specified."
// spec: Trilu-14: "Output tensor of the same type and shape as the input tensor."
TEST_CASE("Trilu-14: the upper triangle with diagonal 0 by default; k shifts it") {
  const Tensor x = Tensor::from_values<float>(T::Float, {3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  const Tensor y = run_single_node("Trilu", 14, {x});
  REQUIRE(y.shape() == Shape{3, 3});
  const std::vector<float> upper{1, 2, 3, 0, 5, 6, 0, 0, 9};
  for (size_t i = 0; i < 9; ++i) CHECK(y.data_as<float>()[i] == upper[i]);
  const Tensor k1 = run_single_node("Trilu", 14, {x, Tensor::from_values<int64_t>(T::Int64, {}, {1})});
  const std::vector<float> above{0, 2, 3, 0, 0, 6, 0, 0, 0};
  for (size_t i = 0; i < 9; ++i) CHECK(k1.data_as<float>()[i] == above[i]);
  const Tensor lower = run_single_node("Trilu", 14, {x}, [](onnx::NodeProto& n) { set_int(n, "upper", 0); });
  const std::vector<float> below{1, 0, 0, 4, 5, 0, 7, 8, 9};
  for (size_t i = 0; i < 9; ++i) CHECK(lower.data_as<float>()[i] == below[i]);
}
