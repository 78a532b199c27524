// Concat-4, -11, -13: the axis range and the shapes that may differ. Expected shapes by hand.
#include <doctest/doctest.h>

#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

Tensor f32(Shape s) { return Tensor::zeros(T::Float, std::move(s)); }
auto axis(int64_t a) {
  return [a](onnx::NodeProto& n) { set_int(n, "axis", a); };
}

}  // namespace

// spec: Concat-11,13: "Accepted range is [-r, r-1] where r = rank(inputs)."
// spec: Concat-4,11,13: "All input tensors must have the same shape, except for the dimension size of the axis to concatenate on."
TEST_CASE("Concat-11 and -13: axes in [-r, r-1]; shapes agree but along the axis; Concat-4 takes no negative axis") {
  for (int opset : {11, 13}) {
    CAPTURE(opset);
    CHECK(run_single_node("Concat", opset, {f32({2, 3}), f32({2, 1})}, axis(-1)).shape() == Shape{2, 4});
    CHECK(run_single_node("Concat", opset, {f32({2, 3}), f32({1, 3})}, axis(-2)).shape() == Shape{3, 3});
    CHECK_THROWS_AS(run_single_node("Concat", opset, {f32({2, 3}), f32({2, 1})}, axis(2)), Error);
    CHECK_THROWS_AS(run_single_node("Concat", opset, {f32({2, 3}), f32({2, 1})}, axis(-3)), Error);
    CHECK_THROWS_AS(run_single_node("Concat", opset, {f32({2, 3}), f32({3, 1})}, axis(1)), Error);
  }
  CHECK(run_single_node("Concat", 4, {f32({2, 3}), f32({2, 1})}, axis(1)).shape() == Shape{2, 4});
  CHECK_THROWS_AS(run_single_node("Concat", 4, {f32({2, 3}), f32({2, 1})}, axis(-1)), Error);
  CHECK_THROWS_AS(run_single_node("Concat", 4, {f32({2, 3}), f32({3, 1})}, axis(1)), Error);
}
