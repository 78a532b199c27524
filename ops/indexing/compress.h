#pragma once
// Compress's rules as pure functions, and its kernel.
#include <cstdint>
#include <optional>

#include "runtime/tensor.h"

namespace onnx_ref {

// The axis Compress selects along, in 0 .. rank-1. Compress-9 takes 0 .. rank-1, Compress-11
// also -rank .. -1 (counting from the back).
int64_t compress_axis(int64_t axis, int64_t rank, bool negative_axis_allowed);

// Checks the condition's length against what it selects from (the size of the axis, or the
// element count of the flattened input when there is no axis): it may be shorter (the missing
// entries count as false, as numpy.compress does) but not longer.
void check_condition_length(int64_t condition_length, int64_t selectable, std::optional<int64_t> axis);

// Compress of `input` by the 1-D bool `condition`, along `axis` (already normalized by
// compress_axis) or over the flattened input when there is none.
Tensor compress(const Tensor& input, const Tensor& condition, std::optional<int64_t> axis);

}  // namespace onnx_ref
