// Einsum: the equation rules (ops/linalg/einsum_rules.h) and values against loops written here,
// with exact expectations (small integers, or products whose exact sum is known by hand).
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include <cstring>

#include "node_runner.h"
#include "ops/linalg/einsum_rules.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

Tensor einsum_run(const std::string& equation, const std::vector<std::optional<Tensor>>& inputs) {
  return run_single_node("Einsum", 12, inputs,
                         [&](onnx::NodeProto& n) { set_string_attribute(n, "equation", equation); });
}

template <class V>
std::vector<V> einsum_values(const Tensor& t) {
  std::vector<V> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(V));
  return v;
}

std::vector<double> einsum_iota(int64_t n, double scale) {
  std::vector<double> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = static_cast<double>((i * 7) % 13 - 6) * scale;
  return v;
}

}  // namespace
