#pragma once
// The integer convolution behind ConvInteger and QLinearConv: the int32 sums
//   Y[n, m, p] = B[m] + sum over the window of (x - x_zero_point) * (w - w_zero_point[m])
// modulo 2^32, padding contributing nothing (as if padded with x_zero_point), with Conv's
// attributes. 1-D and 2-D convolutions run on the packed 8-bit kernels of gemm/int8_gemm.h, an
// im2col panel of 32 output positions at a time (the scratch is one panel per thread, never the
// whole im2col matrix), on every thread; others on ops/linalg/conv.cpp's int32 path.
#include "ops/linalg/conv.h"
#include "runtime/tensor.h"

namespace onnx_ref::linalg {

// x [N, C, spatial...] and w [M, C/group, kernel...], each int8 or uint8; x_zero_point a scalar of
// x's type, w_zero_point a scalar or [M] of w's type, bias int32 [M]; each may be null (0). The
// caller has checked ranks and zero-point shapes. Throws Error naming a broken window rule.
Tensor int8_conv(const Tensor& x, const Tensor& w, const Tensor* x_zero_point, const Tensor* w_zero_point,
                 const Tensor* bias, const ConvParams& params);

}  // namespace onnx_ref::linalg
