// ConvTranspose (shape rules and values), MatMulInteger, ConvInteger, DynamicQuantizeLinear and the
// exact quotient of quantization. Expected values come from brute-force loops over small integers
// (exact in any order), exact rationals in __int128, and hand computation.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <cmath>
#include <cstring>
#include <random>

#include "model_builder.h"
#include "ops/linalg/conv_transpose_rules.h"
#include "ops/quant/quantize_rules.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

struct QuantAttr {
  std::string name;
  std::vector<int64_t> values;
  bool scalar = false;
};

// Runs one node; an input given as nullopt is left out (empty name).
std::vector<Tensor> quant_run(const std::string& op, int64_t opset, const std::vector<std::optional<Tensor>>& inputs,
                              const std::vector<QuantAttr>& attrs = {}, size_t outputs = 1,
                              const std::string& auto_pad = "") {
  testing::OpTester t(op, opset);
  for (const auto& i : inputs) t.input(i ? std::optional<Value>(*i) : std::nullopt);
  t.outputs(outputs);
  for (const auto& a : attrs) {
    if (a.scalar)
      t.attribute(a.name, a.values[0]);
    else
      t.attribute(a.name, a.values);
  }
  if (!auto_pad.empty()) t.attribute("auto_pad", auto_pad);
  std::vector<Tensor> result;
  for (auto& v : t.run()) result.push_back(v.tensor());
  return result;
}

template <class V>
std::vector<V> quant_values(const Tensor& t) {
  std::vector<V> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(V));
  return v;
}

}  // namespace
