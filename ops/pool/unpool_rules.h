#pragma once
// MaxUnpool's shape arithmetic as pure functions (tested in tests/test_max_unpool.cpp against the
// MaxPool window rules they invert).
#include <cstdint>
#include <vector>

#include "runtime/tensor.h"

namespace onnx_ref::pool {

// The length of one unpooled axis: (in - 1) * stride - (pad_begin + pad_end) + kernel, the input
// length of a MaxPool with these attributes whose output length is `in`. Error naming `axis` when
// it is negative or beyond 2^62; kernel, stride >= 1 and pads >= 0 are checked too.
int64_t unpool_axis_length(int64_t in, int64_t kernel, int64_t stride, int64_t pad_begin, int64_t pad_end, size_t axis);

// The unpooled shape [N, C, unpooled...] of X's shape with MaxUnpool's attributes (kernel_shape
// required; strides 1 and pads 0 by default), each list checked against the spatial rank.
Shape unpooled_shape(const Shape& x, const std::vector<int64_t>& kernel, const std::vector<int64_t>* strides,
                     const std::vector<int64_t>* pads);

}  // namespace onnx_ref::pool
