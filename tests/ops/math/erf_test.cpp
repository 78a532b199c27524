// Erf-9 and -13 (ops/math/erf.cpp). Expected values by hand: erf 0 = 0, erf(+/-inf) = +/-1.
#include <doctest/doctest.h>

#include <cmath>

#include "helpers/math_rules.h"
#include "node_runner.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// spec: Erf-9,13: "The error function of the input tensor computed element-wise."
TEST_CASE("Erf-9 and -13: element-wise, the input's shape and type") {
  for (int opset : {9, 13}) {
    CAPTURE(opset);
    const Tensor y =
        run_single_node("Erf", opset, {Tensor::from_values<double>(T::Double, {3, 1}, {0, INFINITY, -INFINITY})});
    REQUIRE(y.type() == T::Double);
    REQUIRE(y.shape() == Shape{3, 1});
    CHECK(std::vector<double>(y.data_as<double>(), y.data_as<double>() + 3) == std::vector<double>{0, 1, -1});
    const Tensor h = run_single_node("Erf", opset, {Tensor::from_values<uint16_t>(T::Float16, {2}, {0x0000, 0x7C00})});
    REQUIRE(h.type() == T::Float16);
    CHECK(std::vector<uint16_t>(h.data_as<uint16_t>(), h.data_as<uint16_t>() + 2) ==
          std::vector<uint16_t>{0x0000, 0x3C00});
  }
}

namespace math_rules_tests {

// spec: Erf-9,13: "Computes the error function of the given input tensor element-wise."
// spec: Erf-9,13: "It has the same shape and type of the input."
// spec: Sign-9,13: "It has the same shape and type of the input."
// spec: Round-11,22: "The output tensor has the same shape and type as the input."
TEST_CASE("Erf, Sign, Round: the input's shape and type") {
  const Tensor x = Tensor::from_values<double>(T::Double, {1, 3}, {0, -2.5, std::numeric_limits<double>::infinity()});
  for (int64_t v : {9, 13}) {
    const Tensor e = run("Erf", v, {x});
    REQUIRE(e.type() == T::Double);
    REQUIRE(e.shape() == Shape{1, 3});
    CHECK(e.data_as<double>()[0] == 0.0);
    CHECK(e.data_as<double>()[2] == 1.0);
    const Tensor s = run("Sign", v, {x});
    REQUIRE(s.type() == T::Double);
    CHECK(std::vector<double>(s.data_as<double>(), s.data_as<double>() + 3) == std::vector<double>{0, -1, 1});
  }
  for (int64_t v : {11, 22}) {
    const Tensor r = run("Round", v, {x});
    REQUIRE(r.type() == T::Double);
    REQUIRE(r.shape() == Shape{1, 3});
    CHECK(r.data_as<double>()[1] == -2.0);  // half to even
  }
}

}  // namespace math_rules_tests
