#pragma once
// Tensors cut into slices along an axis and slices stacked along a new axis: Scan's and Loop's
// scan inputs and outputs (ops/control/), ConcatFromSequence with new_axis (ops/sequence/).
#include <cstdint>
#include <vector>

#include "runtime/tensor.h"

namespace onnx_ref {

// Slice `index` of `t` along `axis`, the axis removed.
Tensor slice_along(const Tensor& t, int64_t axis, int64_t index);
// The tensors of `slices` (one element type, one shape) stacked along a new axis `axis` of the
// result; `empty_shape` is the slice shape used when there are no slices.
Tensor stack_along(const std::vector<Tensor>& slices, int64_t axis, ElementType type, const Shape& empty_shape);

}  // namespace onnx_ref
