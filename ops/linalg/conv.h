#pragma once
// The convolution behind Conv and ConvInteger (ops/linalg/conv.cpp).
#include "ops/registry.h"
#include "ops/window_rules.h"
#include "runtime/tensor.h"

namespace onnx_ref::linalg {

// The attributes Conv, ConvInteger and QLinearConv share (auto_pad, dilations, group,
// kernel_shape, pads, strides), parsed once at load. Error for a group below 1 and for what
// parse_window_spec refuses.
std::vector<AttributeSpec> conv_attributes();
struct ConvParams {
  int64_t group = 1;
  WindowSpec window;
};
ConvParams parse_conv_params(const Attributes& attrs);

// Y = conv(X, W) + B, for the floating types (each output rounded once) and int32 (sums wrap
// modulo 2^32). `bias` may be null. Throws Error naming the broken rule.
Tensor conv(const Tensor& x, const Tensor& w, const Tensor* bias, const ConvParams& params);

// The channel grouping of a convolution: X [N, C, ...], W [M, C/group, ...]. Error unless `group`
// (at least 1) divides C and M, and W has C/group input channels.
struct ConvGroups {
  int64_t group = 1, Cg = 0, Mg = 0;
};
ConvGroups conv_groups(const Tensor& x, const Tensor& w, int64_t group);

}  // namespace onnx_ref::linalg
