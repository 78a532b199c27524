// The integer convolution of ops/linalg/int8_conv.h. Each (image, group) is the product
// W_g [M/group, C/group * kernel] x im2col [C/group * kernel, positions], computed 32 positions at a
// time: a panel of the im2col matrix is gathered straight from x into the kernel's packed layout
// and multiplied by every row of W_g. Outputs depend on their own window only, so panels are
// spread over the threads without changing a bit.
#include "ops/linalg/int8_conv.h"

#include <algorithm>

#include "gemm/int8_gemm.h"
#include "ops/linalg/conv.h"
#include "ops/linalg/zero_point.h"
#include "ops/window_rules.h"
#include "runtime/error.h"
#include "runtime/parallel_for.h"

namespace onnx_ref::linalg {

namespace {

int32_t zero_point_value(const Tensor& zp, int64_t i) {
  return zp.type() == ElementType::Int8 ? zp.data_as<int8_t>()[i] : zp.data_as<uint8_t>()[i];
}

// ops/linalg/conv.cpp's int32 path, for three or more spatial axes.
Tensor int8_conv_general(const Tensor& x, const Tensor& w, const Tensor* xzp, const Tensor* wzp, const Tensor* bias,
                         const ConvParams& params) {
  const Shape wzs = wzp && wzp->element_count() != 1 ? Shape{w.shape()[0], 1} : Shape{};
  Shape wzs_full = wzs;
  if (!wzs.empty()) wzs_full.resize(w.rank(), 1);
  return conv(subtract_zero_point(x, xzp, Shape{}), subtract_zero_point(w, wzp, wzs_full), bias, params);
}

}  // namespace

Tensor int8_conv(const Tensor& x, const Tensor& w, const Tensor* xzp, const Tensor* wzp, const Tensor* bias,
                 const ConvParams& params) {
  const size_t spatial = x.rank() - 2;
  if (spatial > 2) return int8_conv_general(x, w, xzp, wzp, bias, params);
  const ConvGroups groups = conv_groups(x, w, params.group);
  const Shape in_spatial(x.shape().begin() + 2, x.shape().end());
  const Shape kernel(w.shape().begin() + 2, w.shape().end());
  const WindowAttrs wa = window_attrs(params.window, spatial, &kernel);
  const std::vector<AxisWindow> axes = window_geometry(in_spatial, wa);
  const int64_t N = x.shape()[0], C = x.shape()[1], M = w.shape()[0];
  Shape out_shape{N, M};
  for (const AxisWindow& a : axes) out_shape.push_back(a.out);
  if (!checked_element_count(out_shape))
    throw Error("Conv output " + shape_to_string(out_shape) + " is too large to count");
  Tensor out = Tensor::uninitialized(ElementType::Int32, out_shape);  // refuses absurd sizes before allocating
  if (out.element_count() == 0) return out;

  // A 1-D convolution is a 2-D one of height 1.
  const bool two = spatial == 2;
  gemm::Int8ConvWindow win;
  win.x_signed = x.type() == ElementType::Int8;
  win.x_zero_point = xzp ? reinterpret_cast<const uint8_t*>(xzp->data())[0] : 0;
  win.C = groups.Cg;
  win.H = two ? in_spatial[0] : 1;
  win.W = in_spatial[spatial - 1];
  win.OH = two ? axes[0].out : 1;
  win.OW = axes[spatial - 1].out;
  win.KH = two ? kernel[0] : 1;
  win.KW = kernel[spatial - 1];
  win.stride_h = two ? wa.strides[0] : 1;
  win.stride_w = wa.strides[spatial - 1];
  win.dilation_h = two ? wa.dilations[0] : 1;
  win.dilation_w = wa.dilations[spatial - 1];
  win.pad_top = two ? axes[0].pad_begin : 0;
  win.pad_left = axes[spatial - 1].pad_begin;
  const int64_t in_size = win.H * win.W, out_size = win.OH * win.OW, K = groups.Cg * win.KH * win.KW;

  // The weights of every group, packed once; the bias rides in the rows' epilogue.
  std::vector<int32_t> wz(static_cast<size_t>(M), 0);
  if (wzp)
    for (int64_t m = 0; m < M; ++m) wz[m] = zero_point_value(*wzp, wzp->element_count() == 1 ? 0 : m);
  const bool w_signed = w.type() == ElementType::Int8;
  const uint8_t* pw = reinterpret_cast<const uint8_t*>(w.data());
  std::vector<gemm::Int8Rows> rows;
  for (int64_t g = 0; g < groups.group; ++g) {
    rows.push_back(
        gemm::pack_int8_rows(pw + g * groups.Mg * K, w_signed, groups.Mg, K, K, wz.data() + g * groups.Mg, 1));
    if (bias)
      for (int64_t m = 0; m < groups.Mg; ++m) rows.back().bias[m] = bias->data_as<int32_t>()[g * groups.Mg + m];
  }

  const uint8_t* px = reinterpret_cast<const uint8_t*>(x.data());
  int32_t* py = reinterpret_cast<int32_t*>(out.mutable_data());
  const int64_t panels = (out_size + gemm::kInt8PanelCols - 1) / gemm::kInt8PanelCols;
  const int64_t Kp = (K + 3) / 4 * 4;
  gemm::check_int8_panel_memory(Kp, thread_count());
  // About 2^21 multiply-adds per chunk at least, so that small convolutions stay on one thread.
  // Few panels (a small output plane): the output channels are split too, so that every thread
  // has work; each block gathers the panel again.
  const int64_t Mg = groups.Mg;
  const int64_t block = N * groups.group * panels >= 8 ? Mg : std::min<int64_t>(Mg, 64);
  const int64_t blocks = (Mg + block - 1) / block;
  const int64_t grain =
      std::max<int64_t>(1, (int64_t{1} << 21) / std::max<int64_t>(1, block * Kp * gemm::kInt8PanelCols));
  parallel_for(N * groups.group * panels * blocks, grain, [&](int64_t begin, int64_t end) {
    gemm::Int8Panel panel;
    gemm::Int8ConvWindow w_local = win;
    for (int64_t task = begin; task < end; ++task) {
      const int64_t r = task % blocks, q = task / blocks % panels, ng = task / blocks / panels;
      const int64_t g = ng % groups.group, n = ng / groups.group, m0 = r * block;
      w_local.x = px + (n * C + g * groups.Cg) * in_size;
      const int64_t p0 = q * gemm::kInt8PanelCols;
      const int cols = static_cast<int>(std::min<int64_t>(gemm::kInt8PanelCols, out_size - p0));
      gemm::pack_int8_conv_panel(w_local, p0, cols, panel);
      gemm::int8_panel_product(rows[g], m0, std::min(block, Mg - m0), panel, py + (n * M + g * Mg + m0) * out_size + p0,
                               out_size);
    }
  });
  return out;
}

}  // namespace onnx_ref::linalg
