// The element-wise math operators (ops/math/): Add, Sub, Mul, Div, Equal, Less, Greater, Not, Neg,
// Abs, Min, Max. Small integer types exhaustively against a reference, float16/bfloat16 against an
// exactly rounded reference, broadcasting (multidirectional and legacy), and every error message.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "helpers/element_values.h"
#include "model_builder.h"
#include "ops/math/elementwise.h"
#include "ops/registry.h"
#include "runtime/float_formats.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

struct Attr {
  std::string name;
  int64_t value;
};

// Runs one node of `op` at `opset` over the given inputs through the operator tester.
Tensor run_op(const std::string& op, int64_t opset, const std::vector<Tensor>& inputs,
              const std::vector<Attr>& attrs = {}) {
  testing::OpTester t(op, opset);
  for (const auto& i : inputs) t.input(Value(i));
  for (const auto& a : attrs) t.attribute(a.name, a.value);
  const auto out = t.run();
  REQUIRE(out.size() == 1);
  return out[0].tensor();
}

std::vector<bool> bools(const Tensor& t) {
  CHECK(t.type() == T::Bool);
  std::vector<bool> v;
  for (uint8_t b : values<uint8_t>(t)) v.push_back(b != 0);
  return v;
}

uint16_t f16(double v) { return static_cast<uint16_t>(encode_small_float(T::Float16, v)); }
double from16(uint16_t bits) { return decode_small_float(T::Float16, bits); }

// All 65536 (x, y) pairs of int8 as two tensors.
std::pair<Tensor, Tensor> all_int8_pairs() {
  std::vector<int8_t> xs, ys;
  for (int x = -128; x < 128; ++x)
    for (int y = -128; y < 128; ++y) {
      xs.push_back(static_cast<int8_t>(x));
      ys.push_back(static_cast<int8_t>(y));
    }
  return {vec(T::Int8, xs), vec(T::Int8, ys)};
}

// Two's complement wrap of an exact int result to int8.
int8_t wrap8(int v) { return static_cast<int8_t>(static_cast<uint8_t>(static_cast<unsigned>(v) & 0xffu)); }

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

// ---------------------------------------------------------------------------------------------
// Arithmetic

namespace {
// The float16 value nearest x / y (ties to even), checked without trusting any division: the
// residual |x - r * y| is computed exactly in long double for r and its two neighbours.
bool is_correctly_rounded_quotient(uint16_t xb, uint16_t yb, uint16_t rb) {
  const long double x = from16(xb), y = from16(yb), r = from16(rb);
  if (!std::isfinite(static_cast<double>(r))) return true;  // overflow cases are checked separately
  const auto residual = [&](uint16_t bits) { return std::fabs(x - static_cast<long double>(from16(bits)) * y); };
  const long double mine = residual(rb);
  for (int d : {-1, 1}) {
    const uint16_t nb = static_cast<uint16_t>(rb + d);
    const double n = from16(nb);
    if (std::isnan(n) || std::isinf(n) || ((nb ^ rb) & 0x8000)) continue;
    const long double other = residual(nb);
    if (other < mine) return false;
    if (other == mine && (rb & 1)) return false;  // a tie goes to the even mantissa
  }
  return true;
}
}  // namespace

// ---------------------------------------------------------------------------------------------
// Broadcasting

// ---------------------------------------------------------------------------------------------
// Comparisons

// ---------------------------------------------------------------------------------------------
// Unary

// ---------------------------------------------------------------------------------------------
// Min and Max

// ---------------------------------------------------------------------------------------------
// Versions
