#pragma once
// NonZero's rule as a pure function, and its kernel.
#include <cstdint>
#include <vector>

#include "runtime/tensor.h"

namespace onnx_ref {

// The flat (row-major) indices of the non-zero elements of `t`. Integers and bool: not 0. Floats:
// compare unequal to 0, so NaN counts and -0 does not. Complex: either part non-zero by that rule.
// Strings: not empty (the spec defines NonZero by numpy.nonzero, whose test for a string element is
// Python's truth value of the string).
std::vector<int64_t> nonzero_flat_indices(const Tensor& t);

// The int64 [rank, count] output: column j holds the coordinates of the j-th non-zero element. A
// scalar gives [0, count] (no coordinates), as ONNX's reference implementation does.
Tensor nonzero(const Tensor& t);

}  // namespace onnx_ref
