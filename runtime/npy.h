#pragma once
// NumPy .npy files (format versions 1.0 to 3.0, little-endian, C order) for the element types
// NumPy has: bool, the 8 integer types, float16, float, double, complex64, complex128.
#include <filesystem>

#include "runtime/tensor.h"

namespace onnx_ref {

bool npy_supports(ElementType type);
Tensor read_npy(const std::filesystem::path& path);
void write_npy(const std::filesystem::path& path, const Tensor& tensor);

}  // namespace onnx_ref
