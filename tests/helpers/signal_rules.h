// The window functions, DFT, STFT and MelWeightMatrix: the attribute and input defaults and ranges of
// the ONNX 1.22.0 text, each check citing its sentence. Expected values are exact by hand: the DFT of
// [1, 2, 3, 4] is [10, -2 + 2i, -2, -2 - 2i]; the Hann window of 4 is [0, 0.5, 1, 0.5] (periodic) and
// [0, 0.75, 0.75, 0] (symmetric).
// The helpers of these cases, shared by the operator test files they moved to.
#pragma once
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace signal_rules_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }
Tensor i64_scalar(int64_t v) { return Tensor::from_values<int64_t>(T::Int64, {}, {v}); }

Tensor window(const char* op, const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t(op, 17);
  t.input(Value(i64_scalar(4)));
  if (attrs) attrs(t);
  return t.run_tensor();
}

// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
const Tensor& kSignal() {
  static const Tensor t = Tensor::from_values<float>(T::Float, {1, 4, 1}, {1, 2, 3, 4});
  return t;
}
const std::vector<float> kSpectrum = {10, 0, -2, 2, -2, 0, -2, -2};

}  // namespace
}  // namespace signal_rules_tests
