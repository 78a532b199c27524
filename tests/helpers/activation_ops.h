// The element-wise operators added on the engine of ops/math/elementwise.h: activations (Relu,
// LeakyRelu, PRelu, HardSigmoid, HardSwish, ThresholdedRelu, Clip), rounding (Floor, Ceil, Round,
// Sign, Reciprocal), Sum and Mean, classification (IsNaN, IsInf), Mod, logical and bitwise
// operators. Expected values come from hand computation or from the integer oracle in
// dyadic_oracle.h, never from onnx-ref's own rounding.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "dyadic_oracle.h"
#include "helpers/element_values.h"
#include "model_builder.h"
#include "numeric/exact_sum.h"
#include "ops/registry.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

struct Attrs {
  std::vector<std::pair<std::string, int64_t>> ints;
  std::vector<std::pair<std::string, float>> floats;
  std::vector<std::pair<std::string, std::string>> strings;
};

// One node of `op` at `opset`; an input given as std::nullopt is left out (an empty name).
Tensor run(const std::string& op, int64_t opset, const std::vector<std::optional<Tensor>>& inputs,
           const Attrs& attrs = {}) {
  testing::OpTester t(op, opset);
  for (const auto& i : inputs) t.input(i ? std::optional<Value>(*i) : std::nullopt);
  for (const auto& [k, v] : attrs.ints) t.attribute(k, v);
  for (const auto& [k, v] : attrs.floats) t.attribute(k, v);
  for (const auto& [k, v] : attrs.strings) t.attribute(k, v);
  const auto out = t.run();
  REQUIRE(out.size() == 1);
  return out[0].tensor();
}

Tensor halves(const std::vector<uint16_t>& bits) { return vec<uint16_t>(T::Float16, bits); }
double half_value(uint16_t bits) { return decode_small_float(T::Float16, bits); }
std::vector<double> half_values(const Tensor& t) {
  std::vector<double> out;
  for (uint16_t b : values<uint16_t>(t)) out.push_back(half_value(b));
  return out;
}

// Every finite float16 bit pattern.
std::vector<uint16_t> finite_halves() {
  std::vector<uint16_t> bits;
  for (uint32_t b = 0; b < 0x10000; ++b)
    if ((b & 0x7c00) != 0x7c00) bits.push_back(static_cast<uint16_t>(b));
  return bits;
}

// The float16 value X * 2^-24 of a finite pattern, as the integer X.
int64_t half_units(uint16_t bits) { return static_cast<int64_t>(std::ldexp(half_value(bits), 24)); }

// A float as m * 2^e with integer m (24 bits) and e.
void split(float v, int64_t& m, int& e) {
  int exp;
  const double frac = std::frexp(static_cast<double>(v), &exp);
  m = static_cast<int64_t>(std::ldexp(frac, 24));
  e = exp - 24;
}

bool same(double a, double b) { return (a != a && b != b) || (a == b && std::signbit(a) == std::signbit(b)); }

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace
