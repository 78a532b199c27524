// MaxUnpool: the unpooled length inverts MaxPool's window rule (checked exhaustively over small
// sizes against ops/window_rules.h), and values placed by hand.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include <cstring>

#include "node_runner.h"
#include "ops/pool/unpool_rules.h"
#include "ops/window_rules.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

std::vector<float> unpool_values(const Tensor& t) {
  std::vector<float> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(float));
  return v;
}

Tensor unpool_run(const std::vector<std::optional<Tensor>>& inputs, const std::vector<int64_t>& kernel,
                  const std::vector<int64_t>& strides, const std::vector<int64_t>& pads = {}) {
  return run_single_node("MaxUnpool", 22, inputs, [&](onnx::NodeProto& n) {
    set_ints(n, "kernel_shape", kernel);
    set_ints(n, "strides", strides);
    if (!pads.empty()) set_ints(n, "pads", pads);
  });
}

}  // namespace
