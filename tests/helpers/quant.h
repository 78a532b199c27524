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

#include "element_values.h"
#include "int_attribute_run.h"
#include "model_builder.h"
#include "ops/linalg/conv_transpose_rules.h"
#include "ops/quant/quantize_rules.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

using QuantAttr = IntAttribute;

// Runs one node; an input given as nullopt is left out (empty name).
std::vector<Tensor> quant_run(const std::string& op, int64_t opset, const std::vector<std::optional<Tensor>>& inputs,
                              const std::vector<QuantAttr>& attrs = {}, size_t outputs = 1,
                              const std::string& auto_pad = "") {
  return run_with_int_attributes(op, opset, inputs, attrs, outputs, auto_pad);
}

template <class V>
std::vector<V> quant_values(const Tensor& t) {
  return values<V>(t);
}

}  // namespace
