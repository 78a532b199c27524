// QLinearMatMul and QLinearConv, and their exact requantization. Expected values come from GMP
// rationals (requantize_oracle.h: acc * s1 * s2 / s3 taken exactly, rounded half to even by integer
// division) and integer loops written apart from the kernels.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>
#include <gmp.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include "node_runner.h"
#include "ops/quant/requantize.h"
#include "requantize_oracle.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

// An int8 or uint8 tensor of the values given.
Tensor bytes_tensor(ElementType type, const Shape& shape, const std::vector<int32_t>& v) {
  if (type == ElementType::Int8)
    return Tensor::from_values<int8_t>(type, shape, std::vector<int8_t>(v.begin(), v.end()));
  return Tensor::from_values<uint8_t>(type, shape, std::vector<uint8_t>(v.begin(), v.end()));
}

// n values drawn uniformly from the whole range of int8 or uint8.
std::vector<int32_t> random_values(std::mt19937& rng, ElementType type, int64_t n) {
  std::uniform_int_distribution<int> d(type == ElementType::Int8 ? -128 : 0, type == ElementType::Int8 ? 127 : 255);
  std::vector<int32_t> v;
  for (int64_t i = 0; i < n; ++i) v.push_back(d(rng));
  return v;
}

Tensor qlinear_run(const std::string& op, int64_t opset, const std::vector<std::optional<Tensor>>& inputs,
                   const std::vector<std::pair<std::string, std::vector<int64_t>>>& ints = {}) {
  return run_single_node(op, opset, inputs, [&](onnx::NodeProto& node) {
    for (const auto& a : ints) set_ints(node, a.first, a.second);
  });
}

template <class V>
std::vector<V> qlinear_values(const Tensor& t) {
  std::vector<V> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(V));
  return v;
}

Tensor qlinear_scalar(float v) { return Tensor::from_values<float>(T::Float, {}, {v}); }

}  // namespace
