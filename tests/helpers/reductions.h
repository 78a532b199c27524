// ReduceMean, ReduceMax, ReduceMin, ReduceL1, ReduceSumSquare, ArgMax, ArgMin: exactness against
// exact rationals (tests/rational_oracle.h), ties, NaN, signed zeros, empty sets, bad input.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include "ops/reduce/accumulators.h"
#include "ops/reduce/reduction.h"
#include "ops/registry.h"
#include "rational_oracle.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"
#include "runtime/numeric_dispatch.h"

using namespace onnx_ref;
using onnx_ref::testing::round_rational;

namespace {
using V = std::vector<int64_t>;
constexpr double kInf = std::numeric_limits<double>::infinity();

template <class T>
std::vector<T> values_of(const Tensor& t) {
  const T* p = t.data_as<T>();
  return std::vector<T>(p, p + t.element_count());
}
template <class T>
Tensor tensor(ElementType type, Shape shape, std::vector<T> v) {
  return Tensor::from_values<T>(type, std::move(shape), v);
}
Tensor floats(Shape shape, std::vector<float> v) { return tensor(ElementType::Float, std::move(shape), std::move(v)); }
Tensor doubles(Shape shape, std::vector<double> v) {
  return tensor(ElementType::Double, std::move(shape), std::move(v));
}
Tensor small_floats(ElementType type, const std::vector<double>& v) {
  std::vector<uint16_t> bits;
  for (double x : v) bits.push_back(static_cast<uint16_t>(encode_small_float(type, x)));
  return tensor(type, {static_cast<int64_t>(v.size())}, bits);
}
double small_value(ElementType type, const Tensor& t) { return decode_small_float(type, values_of<uint16_t>(t)[0]); }

template <class Acc>
Tensor reduce_all(const Tensor& x) {
  return reduce_tensor(x, V{}, false, row_kernel<Acc>());
}

std::vector<Value> run(const std::string& op, int opset, std::vector<std::optional<Value>> inputs,
                       Attributes attrs = {}) {
  REQUIRE(Registry::builtin().resolve("", op, opset) != nullptr);
  return testing::run_node_rule(op, opset, inputs, attrs);
}
Tensor tensor_of(const std::vector<Value>& out) { return out.at(0).tensor(); }
}  // namespace
