#pragma once
// The output geometry of ConvTranspose, as pure functions (tested in
// tests/test_conv_transpose_rules.cpp). Per spatial axis, with effective kernel
// ek = (kernel - 1) * dilation + 1 and the full (unpadded) output length
// full = stride * (in - 1) + output_padding + ek:
//  - output_shape given: out = output_shape; total = full - out (negative when the output is larger
//    than the full one: the extra positions receive no product, only the bias); pads are generated
//    and any explicit pads ignored, as the spec says.
//  - otherwise SAME_UPPER / SAME_LOWER: out = in * stride, total = full - out.
//  - otherwise NOTSET / VALID: out = full - pad_begin - pad_end with the explicit pads (VALID: 0).
// Generated pads split total with floor division, as the spec's `total_padding[i]/2` computes it in
// ONNX's reference (Python): SAME_UPPER puts floor(total / 2) at the beginning and the rest at the
// end; anything else puts the rest at the beginning. ConvTranspose-1's equations name the halves
// the other way round, but its auto_pad text (the odd padding at the end for SAME_UPPER) agrees
// with versions 11 and 22, so every version uses this one rule.
// Output position o of the axis reads the full-output coordinate f = o + pad_begin; input position i
// and kernel tap k contribute to it when i * stride + k * dilation = f.
// Checked: kernel, stride, dilation >= 1; pads >= 0; 0 <= output_padding < max(stride, dilation);
// output sizes >= 0; every size below 2^62 so nothing overflows.
#include <cstdint>
#include <optional>
#include <vector>

#include "ops/window_rules.h"

namespace onnx_ref {

struct TransposedAxis {
  int64_t out = 0;
  int64_t pad_begin = 0;  // may be negative when output_shape asks for more than the full output
  int64_t pad_end = 0;
};

// One spatial axis; Error naming `axis` when a value is out of range.
TransposedAxis conv_transpose_axis(int64_t in, int64_t kernel, int64_t stride, int64_t dilation, int64_t pad_begin,
                                   int64_t pad_end, int64_t output_padding, std::optional<int64_t> output_size,
                                   AutoPad auto_pad, size_t axis = 0);

// The input position i that output position o reads through kernel tap k, or -1 when none does.
inline int64_t conv_transpose_source(int64_t o, int64_t k, const TransposedAxis& a, int64_t in, int64_t stride,
                                     int64_t dilation) {
  const int64_t f = o + a.pad_begin - k * dilation;
  if (f < 0 || f % stride != 0) return -1;
  const int64_t i = f / stride;
  return i < in ? i : -1;
}

}  // namespace onnx_ref
