#pragma once
// The convolution behind Conv and ConvInteger (ops/linalg/conv.cpp).
#include "ops/registry.h"
#include "runtime/tensor.h"

namespace onnx_ref::linalg {

// Y = conv(X, W) + B with Conv's attributes (group, strides, dilations, pads, auto_pad,
// kernel_shape), for the floating types (each output rounded once) and int32 (sums wrap modulo
// 2^32). `bias` may be null. Throws Error naming the broken rule.
Tensor conv(const Tensor& x, const Tensor& w, const Tensor* bias, const Attributes& attrs);

// The attributes Conv, ConvInteger and QLinearConv share (auto_pad, dilations, group,
// kernel_shape, pads, strides), and their load-time check (a known auto_pad).
std::vector<AttributeSpec> conv_attributes();
void check_conv_attributes(const Attributes& attrs);

// The channel grouping of a convolution: X [N, C, ...], W [M, C/group, ...]. Error unless `group`
// is at least 1, divides C and M, and W has C/group input channels.
struct ConvGroups {
  int64_t group = 1, Cg = 0, Mg = 0;
};
ConvGroups conv_groups(const Tensor& x, const Tensor& w, const Attributes& attrs);

}  // namespace onnx_ref::linalg
