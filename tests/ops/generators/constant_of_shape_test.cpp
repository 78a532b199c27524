// ConstantOfShape, every version: the default value, the empty shape and negative dimensions.
// Expected values by hand.
#include <doctest/doctest.h>

#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: ConstantOfShape-*: "If not specified, it defaults to a tensor of value 0 and datatype float32"
// spec: ConstantOfShape-*: "If empty tensor is given, the output would be a scalar."
// spec: ConstantOfShape-*: "All values must be >= 0."
TEST_CASE("ConstantOfShape, every version: float32 zeros by default, a scalar for an empty shape, negative sizes refused") {
  for (int opset : {9, 20, 21, 23, 24, 25}) {
    CAPTURE(opset);
    const Tensor y = run_single_node("ConstantOfShape", opset, {int64_tensor({2, 3})});
    CHECK(y.type() == T::Float);
    CHECK(y.shape() == Shape{2, 3});
    for (int64_t i = 0; i < 6; ++i) CHECK(y.data_as<float>()[i] == 0.0f);
    CHECK(run_single_node("ConstantOfShape", opset, {int64_tensor({})}).shape() == Shape{});
    CHECK_THROWS_AS(run_single_node("ConstantOfShape", opset, {int64_tensor({2, -1})}), Error);
  }
}
