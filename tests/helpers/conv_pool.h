// Conv, the pools and the exact quotient. Expected values are hand computations: small integers
// (exact in any order), or rounding cases worked out in binary.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <cmath>
#include <cstring>

#include "element_values.h"
#include "gemm/exact_quotient.h"
#include "int_attribute_run.h"
#include "model_builder.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

struct IntsAttr {
  std::string name;
  std::vector<int64_t> values;
};

// group, storage_order, ceil_mode and count_include_pad given one value are INT attributes; the
// others INTS.
std::vector<Tensor> run_node(const std::string& op, int64_t opset, const std::vector<Tensor>& inputs,
                             const std::vector<IntsAttr>& ints = {}, size_t outputs = 1,
                             const std::string& auto_pad = "") {
  std::vector<IntAttribute> attrs;
  for (const auto& a : ints) {
    const bool scalar = a.values.size() == 1 && (a.name == "group" || a.name == "storage_order" ||
                                                 a.name == "ceil_mode" || a.name == "count_include_pad");
    attrs.push_back({a.name, a.values, scalar});
  }
  return run_with_int_attributes(op, opset, std::vector<std::optional<Tensor>>(inputs.begin(), inputs.end()), attrs,
                                 outputs, auto_pad);
}

Tensor floats(Shape shape, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(shape), v); }

}  // namespace
