// Tanh-1 (ops/math/tanh.cpp). Expected values by hand: tanh 0 = 0, tanh(+/-inf) = +/-1.
#include <doctest/doctest.h>

#include <cmath>

#include "node_runner.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// The description says 1-D; the operator is element-wise at every rank (docs/DEPARTURES.md, Tanh-1).
// spec: Tanh-1: "1-D input tensor"
TEST_CASE("Tanh-1: a 1-D input, and element-wise on other ranks") {
  const Tensor v = run_single_node("Tanh", 1, {Tensor::from_values<float>(T::Float, {3}, {0, INFINITY, -INFINITY})});
  REQUIRE(v.shape() == Shape{3});
  CHECK(std::vector<float>(v.data_as<float>(), v.data_as<float>() + 3) == std::vector<float>{0, 1, -1});
  const Tensor m = run_single_node("Tanh", 1, {Tensor::from_values<float>(T::Float, {2, 1}, {-INFINITY, 0})});
  REQUIRE(m.shape() == Shape{2, 1});
  CHECK(std::vector<float>(m.data_as<float>(), m.data_as<float>() + 2) == std::vector<float>{-1, 0});
}
