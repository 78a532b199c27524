// A kernel called alone, without the loader: for an element type outside the version's type set
// (the loader refuses the node), to test that the kernel's data movement copies any element by its
// bytes. Shared by the generator and movement helpers.
#pragma once
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "ops/registry.h"

namespace {

// The kernel of `op` at `opset` on `inputs`, with the version's attribute defaults under `attrs`.
inline std::vector<onnx_ref::Value> run_kernel_only(const std::string& op, int opset,
                                                    std::vector<std::optional<onnx_ref::Value>> inputs,
                                                    const onnx_ref::Attributes& attrs) {
  const onnx_ref::OpVersion* v = onnx_ref::Registry::builtin().resolve("", op, opset);
  REQUIRE(v);
  onnx_ref::Attributes a;
  for (const auto& spec : v->attributes)
    if (spec.default_value) a.set(spec.name, *spec.default_value);
  for (const auto& [name, value] : attrs.values()) a.set(name, value);
  return v->kernel(onnx_ref::KernelContext(a, inputs, 1));
}

}  // namespace
