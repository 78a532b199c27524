// Resize-18 and -19: half_pixel_symmetric arrives with Resize-19 (Resize-18's list of
// coordinate_transformation_mode values does not have it). Nearest upsampling by 2 of [1, 2] gives
// [1, 1, 2, 2] by hand.
#include <doctest/doctest.h>

#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: Resize-19: "if coordinate_transformation_mode is "half_pixel_symmetric""
TEST_CASE("Resize-18 refuses half_pixel_symmetric; Resize-19 takes it") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 2}, {1, 2});
  const Tensor scales = Tensor::from_values<float>(T::Float, {2}, {1, 2});
  const auto mode = [](onnx::NodeProto& n) { set_string_attribute(n, "coordinate_transformation_mode", "half_pixel_symmetric"); };
  const Tensor y = run_single_node("Resize", 19, {x, std::nullopt, scales}, mode);
  REQUIRE(y.shape() == Shape{1, 4});
  CHECK(y.data_as<float>()[0] == 1.0f);
  CHECK(y.data_as<float>()[3] == 2.0f);
  CHECK_THROWS_WITH_AS(run_single_node("Resize", 18, {x, std::nullopt, scales}, mode), doctest::Contains("got 'half_pixel_symmetric'"), Error);
}
