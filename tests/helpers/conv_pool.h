// Conv, the pools and the exact quotient. Expected values are hand computations: small integers
// (exact in any order), or rounding cases worked out in binary.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <cmath>
#include <cstring>

#include "gemm/exact_quotient.h"
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

std::vector<Tensor> run_node(const std::string& op, int64_t opset, const std::vector<Tensor>& inputs,
                             const std::vector<IntsAttr>& ints = {}, size_t outputs = 1,
                             const std::string& auto_pad = "") {
  testing::OpTester t(op, opset);
  for (const auto& i : inputs) t.input(Value(i));
  t.outputs(outputs);
  for (const auto& a : ints) {
    if (a.values.size() == 1 &&
        (a.name == "group" || a.name == "storage_order" || a.name == "ceil_mode" || a.name == "count_include_pad"))
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
std::vector<V> values(const Tensor& t) {
  std::vector<V> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(V));
  return v;
}

Tensor floats(Shape shape, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(shape), v); }

}  // namespace
