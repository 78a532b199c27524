#pragma once
// Where's rule as a pure function, and its kernel.
#include "runtime/tensor.h"

namespace onnx_ref {

// The broadcast of the three shapes (condition, X, Y); Error naming two shapes that do not
// broadcast, or when the broadcast's element count overflows int64 ([2^32, 1] against [1, 2^32]).
Shape where_output_shape(const Shape& condition, const Shape& x, const Shape& y);

// Element i of the output is X's where the condition is true and Y's elsewhere, all three
// broadcast. `condition` is bool; `x` and `y` have one element type, any.
Tensor where(const Tensor& condition, const Tensor& x, const Tensor& y);

}  // namespace onnx_ref
