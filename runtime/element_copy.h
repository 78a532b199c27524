#pragma once
// Moving elements between tensors of one element type without looking at their values: copies are
// dispatched on the element's storage size (1, 2, 4, 8 or 16 bytes, packed 4- and 2-bit elements,
// strings), never converted, so every bit pattern (NaN payloads, int64 above 2^53) survives.
// Every data-movement kernel (Concat, Slice, Gather, Transpose, Pad, ...) builds its output with these.
#include <cstdint>

#include "runtime/tensor.h"

namespace onnx_ref {

// A 16-byte element (complex128) as one word to copy: the kernels that dispatch on the storage size
// move it with memcpy-sized assignments.
struct Bytes16 {
  unsigned char b[16];
};

// Copies `count` consecutive elements of `src` from `src_index` into `dst` from `dst_index`. Both
// tensors have the same element type; `dst` is under construction (Tensor::zeros/uninitialized).
// Indices are the caller's to check: they are flat element indices, in range.
void copy_elements(const Tensor& src, int64_t src_index, Tensor& dst, int64_t dst_index, int64_t count);

// Writes element `src_index` of `src` into `count` consecutive elements of `dst` from `dst_index`.
void fill_elements(const Tensor& src, int64_t src_index, Tensor& dst, int64_t dst_index, int64_t count);

// Copies `count` elements of `src` taken `src_stride` elements apart, from `src_index`, into
// consecutive elements of `dst` from `dst_index` (the inner loop of Transpose and strided Slice).
void gather_strided(const Tensor& src, int64_t src_index, int64_t src_stride, Tensor& dst, int64_t dst_index,
                    int64_t count);

// A tensor of `shape` whose every element is element `index` of `value` (ConstantOfShape, Expand of
// a scalar, Pad's constant).
Tensor filled_tensor(const Tensor& value, int64_t index, Shape shape);

}  // namespace onnx_ref
