// Sum with two inputs of one shape (the residual additions of ResNet-like models) takes IEEE
// addition, which is the exact sum rounded once; these cases pin it to the contract, "the exact
// sum of the inputs rounded once", worked by hand: ties to even, operands far apart, the sign of
// an exact zero as the exact sum gives it (+0), infinities and NaN.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "node_runner.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

namespace {

std::vector<float> sum2(const std::vector<float>& a, const std::vector<float>& b) {
  const Shape shape{static_cast<int64_t>(a.size())};
  const Tensor y = run_single_node("Sum", 13, {Tensor::from_values<float>(ElementType::Float, shape, a),
                                                Tensor::from_values<float>(ElementType::Float, shape, b)});
  std::vector<float> out(a.size());
  std::memcpy(out.data(), y.data(), out.size() * sizeof(float));
  return out;
}

}  // namespace

TEST_CASE("Sum-13, two inputs: the exact sum rounded once, by hand") {
  const auto y = sum2({1.0f, 1.0f + 0x1p-23f, 0x1p100f, 3.0f, -0.0f, -0.0f, 1.5f},
                      {0x1p-24f, 0x1p-24f, 0x1p-100f, -3.0f, -0.0f, 0.0f, 0x1p-30f});
  CHECK(y[0] == 1.0f);                // 1 + 2^-24: a tie, to even
  CHECK(y[1] == 1.0f + 0x1p-22f);     // (1 + 2^-23) + 2^-24: a tie, to even (up)
  CHECK(y[2] == 0x1p100f);            // 2^100 + 2^-100 rounds to 2^100
  CHECK(y[3] == 0.0f);
  CHECK(!std::signbit(y[3]));         // an exact zero is +0
  CHECK(!std::signbit(y[4]));         // -0 + -0: the exact sum is zero, +0 as the n-input path gives
  CHECK(!std::signbit(y[5]));
  CHECK(y[6] == 1.5f);                // 2^-30 is below half an ulp of 1.5
}

TEST_CASE("Sum-13, two inputs: infinities and NaN") {
  const auto y = sum2({INFINITY, INFINITY, 0x1p127f, NAN}, {1.0f, -INFINITY, 0x1p127f, 1.0f});
  CHECK(y[0] == INFINITY);
  CHECK(std::isnan(y[1]));
  CHECK(y[2] == INFINITY);  // 2^128 is beyond float: rounds to infinity
  CHECK(std::isnan(y[3]));
}
