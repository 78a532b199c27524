// QuantizeLinear and DequantizeLinear, every version (10, 13, 19, 21, 23, 24, 25): the rules of the
// ONNX 1.22.0 text (formula, defaults, types, shapes, axis, block size, saturate), each check citing
// its sentence. Expected values are hand computed in the comments.
// The helpers of these cases, shared by the operator test files they moved to.
#pragma once
#include "helpers/quant.h"

namespace quantize_linear_rules_tests {
namespace {

const std::vector<int64_t> kVersions = {10, 13, 19, 21, 23, 24, 25};
Tensor scalar_scale(float s) { return Tensor::from_values<float>(T::Float, {}, {s}); }

}  // namespace
}  // namespace quantize_linear_rules_tests
