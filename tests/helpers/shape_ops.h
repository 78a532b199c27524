// Identity, Shape, Size, Squeeze and Unsqueeze: the pure axis and range rules exhaustively, then
// the kernels of every version on small tensors (views, not copies), strings, packed int4 and
// complex128 included.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "int64_limits.h"
#include "op_tester.h"

#include <limits>
#include <set>

#include "model_builder.h"
#include "ops/registry.h"
#include "ops/shape/shape_ops.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

constexpr auto Back = NegativeAxes::FromBack;
constexpr auto Refused = NegativeAxes::Refused;

// Runs op-version `since` on `inputs` (nullopt: an omitted optional input) through the operator tester.
std::vector<Value> run_kernel(const std::string& op, int since, std::vector<std::optional<Value>> inputs,
                              const Attributes& attrs = {}) {
  REQUIRE(Registry::builtin().resolve("", op, since) != nullptr);
  REQUIRE(Registry::builtin().resolve("", op, since)->since_version == since);
  return testing::run_node_rule(op, since, inputs, attrs);
}

Attributes with_ints(const std::string& name, std::vector<int64_t> values) {
  Attributes a;
  a.set(name, std::move(values));
  return a;
}

Tensor int4_tensor(Shape shape) {  // int4 elements 1, 2, 3, ... packed two per byte
  Tensor t = Tensor::zeros(T::Int4, shape);
  for (int64_t i = 0; i < t.element_count(); ++i)
    t.mutable_data()[i / 2] |= static_cast<std::byte>(((i + 1) & 0xF) << (4 * (i % 2)));
  return t;
}

}  // namespace
