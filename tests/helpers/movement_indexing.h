// Concat, Split, Slice, Pad, Gather, Scatter, Trilu, OneHot, DepthToSpace: the pure rules against
// brute force, and the kernels on small tensors of every storage width.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "kernel_only.h"
#include "op_tester.h"

#include <climits>

#include "ops/axis.h"
#include "ops/movement/concat_split.h"
#include "ops/movement/pad.h"
#include "ops/movement/slice.h"
#include "ops/registry.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

using namespace onnx_ref;
using T = ElementType;

namespace {

// One node's kernel on the given inputs, attributes defaulted as the loader does.
std::vector<Value> run_op(const std::string& op, int opset, std::vector<std::optional<Value>> inputs,
                          std::map<std::string, AttrValue> attrs = {}, size_t outputs = 1) {
  REQUIRE(Registry::builtin().resolve("", op, opset) != nullptr);
  Attributes a;
  for (const auto& [name, value] : attrs) a.set(name, value);
  return testing::run_node_rule(op, opset, inputs, a, outputs);
}

Tensor i64(Shape shape, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(T::Int64, std::move(shape), v); }
Tensor f32(Shape shape, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(shape), v); }
std::vector<int64_t> ints(const Value& v) {
  const Tensor& t = v.tensor();
  return std::vector<int64_t>(t.data_as<int64_t>(), t.data_as<int64_t>() + t.element_count());
}

}  // namespace
