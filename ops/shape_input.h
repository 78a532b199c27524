#pragma once
// Reading the 1-D shape input of Reshape-like operators, whatever its integer element type.
#include <cstdint>
#include <vector>

#include "runtime/tensor.h"

namespace onnx_ref {

// Throws Error when the tensor is not 1-D or (for unsigned types) a value exceeds int64.
std::vector<int64_t> read_shape_input(const Tensor& shape);

}  // namespace onnx_ref
