#pragma once
// NumPy .npy files (format versions 1.0 to 3.0, little-endian, C order) for the element types
// NumPy has: bool, the 8 integer types, float16, float, double, complex64, complex128.
//
// Reading checks the magic and version, parses the header dict strictly (exactly the keys descr,
// fortran_order and shape; Python literal syntax as NumPy writes it, either quote style, any key
// order; the padding is not checked, so files from old writers that aligned to 16 bytes load too),
// and requires the data to be exactly as long as the shape says. Refused, with the file named:
// big-endian data ('>f4'), other dtypes ('<U5', '|O', structured), fortran_order True, bool bytes
// other than 0 and 1, shapes whose byte count overflows. One-byte types accept any byte-order mark.
// Writing produces version 1.0 (2.0 only for a header beyond 64 KiB) with NumPy's minimal header:
// "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }" padded with spaces and a final '\n'
// to a multiple of 64 bytes, then the tensor's storage as it is.
#include <filesystem>

#include "runtime/tensor.h"

namespace onnx_ref {

bool npy_supports(ElementType type);
Tensor read_npy(const std::filesystem::path& path);
void write_npy(const std::filesystem::path& path, const Tensor& tensor);

}  // namespace onnx_ref
