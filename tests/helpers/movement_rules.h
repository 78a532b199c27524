// Pad, Slice, Concat, Split, DepthToSpace and CenterCropPad, every version: the defaults and ranges of
// the ONNX 1.22.0 text, each check citing its sentence. Expected values by hand.
// The helpers of these cases, shared by the operator test files they moved to.
#pragma once
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace movement_rules_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }
Tensor i64(std::vector<int64_t> v) {
  return Tensor::from_values<int64_t>(T::Int64, {static_cast<int64_t>(v.size())}, v);
}
std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }

Tensor run(const char* op, int64_t v, std::vector<std::optional<Tensor>> inputs,
           const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(i ? std::optional<Value>(Value(*i)) : std::nullopt);
  if (attrs) attrs(t);
  return t.run_tensor();
}

// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
const Tensor& kRow() {
  static const Tensor t = f32({1, 3}, {1, 2, 3});
  return t;
}

// Pad [[1, 2, 3]] by one on both sides of axis 1 (pads [0, 1, 0, 1]): constant [0, 1, 2, 3, 0],
// reflect [2, 1, 2, 3, 2], edge [1, 1, 2, 3, 3], wrap [3, 1, 2, 3, 1].
Tensor pad(int64_t v, const std::vector<int64_t>& pads, const char* mode = nullptr,
           std::optional<Tensor> axes = std::nullopt) {
  if (v < 11) {
    return run("Pad", v, {kRow()}, [&](OpTester& t) {
      t.attribute(v == 1 ? "paddings" : "pads", pads);
      if (mode) t.attribute("mode", mode);
    });
  }
  std::vector<std::optional<Tensor>> inputs = {kRow(), i64(pads)};
  if (axes) inputs.insert(inputs.end(), {std::nullopt, *axes});
  return run("Pad", v, inputs, [&](OpTester& t) {
    if (mode) t.attribute("mode", mode);
  });
}

}  // namespace
}  // namespace movement_rules_tests

namespace movement_spec_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;
using movement_rules_tests::f32;
using movement_rules_tests::floats;
using movement_rules_tests::i64;
using movement_rules_tests::run;

}  // namespace
}  // namespace movement_spec_tests
