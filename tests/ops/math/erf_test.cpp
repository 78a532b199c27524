// Erf-9 and -13 (ops/math/erf.cpp). Expected values by hand: erf 0 = 0, erf(+/-inf) = +/-1.
#include <doctest/doctest.h>

#include <cmath>

#include "node_runner.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: Erf-9,13: "The error function of the input tensor computed element-wise."
TEST_CASE("Erf-9 and -13: element-wise, the input's shape and type") {
  for (int opset : {9, 13}) {
    CAPTURE(opset);
    const Tensor y = run_single_node("Erf", opset, {Tensor::from_values<double>(T::Double, {3, 1}, {0, INFINITY, -INFINITY})});
    REQUIRE(y.type() == T::Double);
    REQUIRE(y.shape() == Shape{3, 1});
    CHECK(std::vector<double>(y.data_as<double>(), y.data_as<double>() + 3) == std::vector<double>{0, 1, -1});
    const Tensor h = run_single_node("Erf", opset, {Tensor::from_values<uint16_t>(T::Float16, {2}, {0x0000, 0x7C00})});
    REQUIRE(h.type() == T::Float16);
    CHECK(std::vector<uint16_t>(h.data_as<uint16_t>(), h.data_as<uint16_t>() + 2) == std::vector<uint16_t>{0x0000, 0x3C00});
  }
}
