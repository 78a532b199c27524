#pragma once
// The shape arithmetic of Reshape and Flatten as pure functions: no tensors, no registry. Each
// broken rule throws Error with a message that states the rule and the offending values.
#include <cstdint>
#include <span>

#include "runtime/tensor.h"

namespace onnx_ref {

// What a 0 in a requested Reshape shape means.
enum class ZeroMeans {
  CopyInputDim,  // ONNX allowzero = 0 (and every version before 14); OpenVINO special_zero = true
  LiteralZero,   // ONNX allowzero = 1; OpenVINO special_zero = false
};

// The output shape of Reshape for an input of shape `input` and the requested shape:
// at most one -1, nothing below -1, a 0 per `zero`, a -1 inferred exactly, equal element counts,
// every product computed without overflow. An empty request gives a scalar.
Shape reshape_output_shape(const Shape& input, std::span<const int64_t> requested, ZeroMeans zero);

// The rank-2 output shape of Flatten. The axis range is [0, r], or [-r, r] when negative axes are
// allowed (Flatten-11 onward).
Shape flatten_output_shape(const Shape& input, int64_t axis, bool negative_axis_allowed);

}  // namespace onnx_ref
