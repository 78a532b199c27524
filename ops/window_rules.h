#pragma once
// The sliding-window arithmetic shared by Conv and the pools, as pure functions (tested exhaustively
// over small sizes in tests/test_window_rules.cpp). Per spatial axis, with effective kernel
// ek = (kernel - 1) * dilation + 1:
//  - NOTSET: explicit pads; out = floor((in + pb + pe - ek) / stride) + 1, or with ceil_mode the
//    ceiling: one more, partial window when floor leaves part of the padded input uncovered, unless
//    that window would start in the end padding (ONNX: "sliding windows that would start in the
//    right padded region are ignored"). The padded input must hold one
//    kernel: in + pb + pe >= ek.
//  - VALID: no padding; out = floor((in - ek) / stride) + 1; in >= ek.
//  - SAME_UPPER / SAME_LOWER: out = ceil(in / stride); the total padding
//    max(0, (out - 1) * stride + ek - in) is split in halves, the odd one at the end (UPPER) or at
//    the beginning (LOWER). ceil_mode does not apply.
// Every value is checked: kernel, stride, dilation >= 1, pads >= 0, no explicit non-zero pads with
// auto_pad, sizes below 2^62 so no arithmetic overflows.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.h"

namespace onnx_ref {

enum class AutoPad { NotSet, SameUpper, SameLower, Valid };

// "NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID"; anything else is an Error naming it.
AutoPad parse_auto_pad(const std::string& text);

struct AxisWindow {
  int64_t out = 0;
  int64_t pad_begin = 0;
  int64_t pad_end = 0;
};

// One spatial axis; Error naming `axis` when the window does not fit.
AxisWindow window_axis(int64_t in, int64_t kernel, int64_t stride, int64_t dilation, int64_t pad_begin, int64_t pad_end,
                       AutoPad auto_pad, bool ceil_mode, size_t axis = 0);

// The window attributes of one node, checked against the number of spatial axes.
struct WindowAttrs {
  std::vector<int64_t> kernel, strides, dilations, pads;  // pads: all begins, then all ends
  AutoPad auto_pad = AutoPad::NotSet;
  bool ceil_mode = false;
};

// The window attributes as a node sets them, parsed once at load. What needs no input is checked
// here (a known auto_pad, no explicit non-zero pads with it, ceil_mode 0 or 1); the counts, which
// depend on the input's rank, are checked by window_attrs.
struct WindowSpec {
  std::optional<std::vector<int64_t>> kernel_shape, strides, dilations, pads;  // nullopt: not set
  AutoPad auto_pad = AutoPad::NotSet;
  bool has_dilations = true;
  bool ceil_mode = false;
};
WindowSpec parse_window_spec(const Attributes& attrs, bool has_dilations, bool has_ceil_mode);

// The window of a node with `spatial_rank` spatial axes: kernel_shape (or `kernel` when the
// operator's weights give it; kernel_shape, when set, must then agree), strides, dilations and pads
// (defaults 1, 1 and 0), each with one value per spatial axis (pads: two).
WindowAttrs window_attrs(const WindowSpec& spec, size_t spatial_rank, const std::vector<int64_t>* kernel);

// parse_window_spec then window_attrs, for kernels that read their attributes per call. Reads kernel_shape (or takes `kernel` when the operator's weights give it; kernel_shape, when
// set, must then agree), strides, dilations and pads (defaults 1, 1 and 0), auto_pad and ceil_mode
// where the version has them (a version without auto_pad places its windows by pads alone).
WindowAttrs read_window_attrs(const Attributes& attrs, size_t spatial_rank, const std::vector<int64_t>* kernel,
                              bool has_dilations, bool has_ceil_mode);

// Every spatial axis of `spatial_in`.
std::vector<AxisWindow> window_geometry(const std::vector<int64_t>& spatial_in, const WindowAttrs& w);

}  // namespace onnx_ref
