// CumSum, CumProd, TopK and Dropout: CumSum's prefixes against exact rationals
// (tests/rational_oracle.h), CumProd's steps, TopK's order (ties, NaN, largest, k), Dropout outside
// training; expected values computed by hand or by integer arithmetic, never by onnx-ref.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "numeric/random.h"
#include "ops/registry.h"
#include "rational_oracle.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"

using namespace onnx_ref;

namespace {

std::vector<Value> scan_topk_run(const std::string& op, int opset, std::vector<std::optional<Value>> inputs,
                                 Attributes attrs = {}, size_t outputs = 1) {
  REQUIRE(Registry::builtin().resolve("", op, opset) != nullptr);
  return testing::run_node_rule(op, opset, inputs, attrs, outputs);
}

template <class T>
std::vector<T> scan_values(const Value& v) {
  const Tensor& t = v.tensor();
  const T* p = t.data_as<T>();
  return std::vector<T>(p, p + t.element_count());
}

Value int64_scalar(int64_t v) {
  return Value(Tensor::from_values<int64_t>(ElementType::Int64, {}, std::vector<int64_t>{v}));
}
Value int64_vector(std::vector<int64_t> v) {
  const auto n = static_cast<int64_t>(v.size());
  return Value(Tensor::from_values<int64_t>(ElementType::Int64, {n}, v));
}
Value float_tensor(Shape s, std::vector<float> v) {
  return Value(Tensor::from_values<float>(ElementType::Float, std::move(s), v));
}

Attributes flags(int64_t exclusive, int64_t reverse) {
  Attributes a;
  a.set("exclusive", exclusive);
  a.set("reverse", reverse);
  return a;
}

}  // namespace
