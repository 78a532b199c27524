#pragma once
// One output row of a depthwise float convolution (one input and one output channel per group),
// summed in registers: the sums the depthwise kernel of ops/linalg/conv.cpp decides, computed
// 32 outputs at a time with every tap of the window applied before the sums are stored.
#include <cstdint>

namespace onnx_ref::gemm {

struct DepthwiseRow {
  int64_t out_width = 0;      // OW: outputs of the row
  int64_t in_width = 0;       // W: elements of an input row (below 2^31)
  int64_t kernel_height = 0;  // KH
  int64_t kernel_width = 0;   // KW
  int64_t stride = 1;         // along the row, 1 or more (stride * 8 * OW below 2^31)
  int64_t dilation = 1;       // along the row
  int64_t pad_begin = 0;      // along the row
};

// For ow < OW: acc[ow] = the sum over the taps (kh, kw) in that order, from -0, of
// w[kh * KW + kw] * x, x the input element the tap reads (rows[kh][ow * stride + kw * dilation -
// pad_begin]) or +0 where it reads padding (rows[kh] null: the whole input row is padding), each
// product exact in double and each addition rounded once; mag[ow] = the sum of the products'
// magnitudes over the taps that read an input element, from +0, in the same order. These are the
// additions of the tap-by-tap loop, output by output, so the sums are the same bits. Needs
// AVX-512 (tiled::cpu_has_avx512()).
void depthwise_row_avx512(const DepthwiseRow& shape, const float* const* rows, const float* w, double* acc,
                          double* mag);

}  // namespace onnx_ref::gemm
