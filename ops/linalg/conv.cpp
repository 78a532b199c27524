// ONNX Conv, every version (1, 11, 22): N-D convolution (cross-correlation) with groups, strides,
// dilations and padding (window rules: ops/window_rules.h). Contract: correctly rounded — each
// output is the exact sum of the exact products over its window, plus the bias, rounded once to the
// element type (nearest, ties to even); padding contributes zeros. Each (image, group) is one GEMM on
// the checked engine (gemm/dot.h): W [M/group, C/group * kernel] times the im2col matrix
// [C/group * kernel, output positions], the bias as the broadcast C term; a 1x1 kernel with unit
// strides and no padding uses the input itself as that matrix. The same kernel runs ConvInteger on
// int32 operands (ops/linalg/conv_integer.cpp), where the sums wrap modulo 2^32.
//   1, 11: float16, float, double (11 states the defaults of kernel_shape and pads).  22: + bfloat16.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "gemm/depthwise_row.h"
#include "gemm/dot.h"
#include "gemm/micro_kernel.h"
#include "gemm/packed_weights.h"
#include "gemm/panel_source.h"
#include "numeric/exact_sum.h"
#include "numeric/interval_rounding.h"
#include "ops/linalg/conv.h"
#include "ops/linalg/register.h"
#include "ops/linalg/tap_gather.h"
#include "ops/type_sets.h"
#include "ops/window_rules.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/parallel_for.h"

namespace onnx_ref {

namespace {

struct ConvPlan {
  int64_t N = 0, C = 0, M = 0, group = 1, Cg = 0, Mg = 0;
  Shape in_spatial, kernel, out_spatial;
  std::vector<AxisWindow> axes;
  WindowAttrs w;
  int64_t in_size = 1, out_size = 1, kernel_size = 1;  // products over the spatial axes
  bool direct = false;  // 1x1 kernel, unit strides, no padding: the input is the im2col matrix
};

ConvPlan plan_conv(const Tensor& x, const Tensor& wt, const Tensor* bias, const linalg::ConvParams& params) {
  if (x.rank() < 3) throw Error("Conv needs X of rank 3 or more [N, C, spatial...], but it is " + x.describe());
  if (wt.rank() != x.rank())
    throw Error("Conv's W must have X's rank " + std::to_string(x.rank()) + " [M, C/group, kernel...], but it is " +
                wt.describe());
  ConvPlan p;
  p.N = x.shape()[0];
  p.C = x.shape()[1];
  p.M = wt.shape()[0];
  const linalg::ConvGroups groups = linalg::conv_groups(x, wt, params.group);
  p.group = groups.group;
  p.Cg = groups.Cg;
  p.Mg = groups.Mg;
  p.in_spatial.assign(x.shape().begin() + 2, x.shape().end());
  p.kernel.assign(wt.shape().begin() + 2, wt.shape().end());
  p.w = window_attrs(params.window, p.in_spatial.size(), &p.kernel);
  p.axes = window_geometry(p.in_spatial, p.w);
  Shape out{p.N, p.M};
  bool direct = true;
  for (size_t i = 0; i < p.axes.size(); ++i) {
    p.out_spatial.push_back(p.axes[i].out);
    out.push_back(p.axes[i].out);
    direct = direct && p.kernel[i] == 1 && p.w.strides[i] == 1 && p.axes[i].pad_begin == 0 && p.axes[i].pad_end == 0;
  }
  p.direct = direct;
  if (bias && bias->shape() != Shape{p.M})
    throw Error("Conv's B must have shape [" + std::to_string(p.M) + "], but it is " + bias->describe());
  if (!checked_element_count(out)) throw Error("Conv output " + shape_to_string(out) + " is too large to count");
  p.in_size = *checked_element_count(p.in_spatial);
  p.out_size = *checked_element_count(p.out_spatial);
  p.kernel_size = *checked_element_count(p.kernel);
  return p;
}

// Per spatial axis, the input position each kernel offset reads for each output position (-1:
// padding): the im2col matrix of one (image, group) is the gather matrix of these tables
// (ops/linalg/tap_gather.h), row (c, kernel offset), column output position.
linalg::TapTables conv_taps(const ConvPlan& p) {
  return linalg::tap_tables(p.in_spatial, p.kernel, p.out_spatial, [&](size_t a, int64_t k, int64_t o) {
    const int64_t coord = o * p.w.strides[a] - p.axes[a].pad_begin + k * p.w.dilations[a];
    return coord >= 0 && coord < p.in_spatial[a] ? coord : int64_t{-1};
  });
}

// The same matrix for two spatial axes, a row segment at a time: for kernel offset (kh, kw) and
// output row oh, the input row is fixed and the output columns that read inside it form one
// range, found by division, so the copy has no per-element bounds test (a plain memcpy when the
// stride is 1). The gather of conv_taps is the reference it must match (tests/test_conv_pool.cpp).
template <class S>
void im2col_2d(const ConvPlan& p, const S* x, S* col) {
  const int64_t H = p.in_spatial[0], W = p.in_spatial[1], OH = p.out_spatial[0], OW = p.out_spatial[1];
  const int64_t sh = p.w.strides[0], sw = p.w.strides[1], dh = p.w.dilations[0], dw = p.w.dilations[1];
  const int64_t ph = p.axes[0].pad_begin, pw = p.axes[1].pad_begin;
  S* dst = col;
  for (int64_t c = 0; c < p.Cg; ++c) {
    const S* xc = x + c * p.in_size;
    for (int64_t kh = 0; kh < p.kernel[0]; ++kh)
      for (int64_t kw = 0; kw < p.kernel[1]; ++kw, dst += p.out_size) {
        // Input column of output column ow: ow * sw + off; inside for ow in [begin, end).
        const int64_t off = kw * dw - pw;
        const int64_t begin = std::min(OW, off >= 0 ? 0 : (-off + sw - 1) / sw);
        const int64_t end = std::max(begin, W - 1 - off < 0 ? 0 : std::min(OW, (W - 1 - off) / sw + 1));
        for (int64_t oh = 0; oh < OH; ++oh) {
          S* d = dst + oh * OW;
          const int64_t ih = oh * sh - ph + kh * dh;
          if (ih < 0 || ih >= H) {
            std::memset(static_cast<void*>(d), 0, sizeof(S) * static_cast<size_t>(OW));  // +0 in every floating format
            continue;
          }
          const S* src = xc + ih * W;
          std::memset(static_cast<void*>(d), 0, sizeof(S) * static_cast<size_t>(begin));
          if (sw == 1 && end > begin)
            std::memcpy(static_cast<void*>(d + begin), src + begin + off, sizeof(S) * static_cast<size_t>(end - begin));
          else
            for (int64_t ow = begin; ow < end; ++ow) d[ow] = src[ow * sw + off];
          std::memset(static_cast<void*>(d + end), 0, sizeof(S) * static_cast<size_t>(OW - end));
        }
      }
  }
}

// The im2col matrix of one (image, group) of a 1-D or 2-D convolution (1-D as 2-D with one input
// row), packed block by block straight from the input for the tiled engine: row (c, kh, kw),
// column (oh, ow), zero where the window reads padding. Only a block of it exists at a time.
template <class S>
class Im2colSource final : public gemm::PanelSource {
 public:
  Im2colSource(const ConvPlan& p, const S* x) : x_(x), in_size_(p.in_size) {
    const bool one_d = p.in_spatial.size() == 1;
    const size_t w = one_d ? 0 : 1;
    H_ = one_d ? 1 : p.in_spatial[0];
    W_ = p.in_spatial[w];
    KH_ = one_d ? 1 : p.kernel[0];
    KW_ = p.kernel[w];
    OH_ = one_d ? 1 : p.out_spatial[0];
    OW_ = p.out_spatial[w];
    sh_ = one_d ? 1 : p.w.strides[0];
    sw_ = p.w.strides[w];
    dh_ = one_d ? 1 : p.w.dilations[0];
    dw_ = p.w.dilations[w];
    ph_ = one_d ? 0 : p.axes[0].pad_begin;
    pw_ = p.axes[w].pad_begin;
  }

  void pack(int64_t k0, int64_t kc, int64_t j0, int64_t nc, double* out) const override {
    constexpr int64_t width = gemm::kPanelWidth;
    const int64_t strips = (nc + width - 1) / width;
    // Each row of the block is written whole into `row` (contiguous runs of the input, zeros for
    // padding), then copied strip by strip: the narrow output rows of a small image make many
    // short runs, and splitting each at strip boundaries cost more than the copy.
    thread_local std::vector<double> row_buffer;
    if (row_buffer.size() < static_cast<size_t>(strips * width)) row_buffer.resize(static_cast<size_t>(strips * width));
    double* row = row_buffer.data();
    std::fill(row + nc, row + strips * width, 0.0);
    const int64_t oh_first = j0 / OW_, ow_first = j0 % OW_;
    for (int64_t kk = 0; kk < kc; ++kk) {
      const int64_t k = k0 + kk;
      const int64_t c = k / (KH_ * KW_), kh = k / KW_ % KH_, kw = k % KW_;
      const S* xc = x_ + c * in_size_;
      // Input column of output column ow: ow * sw + off; inside for ow in [begin, end).
      const int64_t off = kw * dw_ - pw_;
      const int64_t begin = std::min(OW_, off >= 0 ? 0 : (-off + sw_ - 1) / sw_);
      const int64_t end = std::max(begin, W_ - 1 - off < 0 ? 0 : std::min(OW_, (W_ - 1 - off) / sw_ + 1));
      int64_t oh = oh_first, ow0 = ow_first;
      for (int64_t j = 0; j < nc; ++oh, ow0 = 0) {
        const int64_t ow1 = std::min(OW_, ow0 + (nc - j));
        double* d = row + (j - ow0);  // d[ow]: output column ow of output row oh
        const int64_t ih = oh * sh_ - ph_ + kh * dh_;
        if (ih < 0 || ih >= H_) {
          std::fill(d + ow0, d + ow1, 0.0);
        } else {
          const S* src = xc + ih * W_;
          const int64_t a = std::max(ow0, begin), b = std::max(a, std::min(ow1, end));
          std::fill(d + ow0, d + a, 0.0);
          if (sw_ == 1) {
            if constexpr (std::is_same_v<S, float>)
              gemm::widen_floats(src + a + off, b - a, d + a);
            else
              for (int64_t ow = a; ow < b; ++ow) d[ow] = widen(src[ow + off]);
          } else {
            for (int64_t ow = a; ow < b; ++ow) d[ow] = widen(src[ow * sw_ + off]);
          }
          std::fill(d + b, d + ow1, 0.0);
        }
        j += ow1 - ow0;
      }
      for (int64_t s = 0; s < strips; ++s)
        std::memcpy(out + (s * kc + kk) * width, row + s * width, sizeof(double) * width);
    }
  }

  double at(int64_t k, int64_t j) const override {
    const int64_t c = k / (KH_ * KW_), kh = k / KW_ % KH_, kw = k % KW_;
    const int64_t ih = j / OW_ * sh_ - ph_ + kh * dh_, iw = j % OW_ * sw_ - pw_ + kw * dw_;
    if (ih < 0 || ih >= H_ || iw < 0 || iw >= W_) return 0.0;
    return widen(x_[c * in_size_ + ih * W_ + iw]);
  }

 private:
  const S* x_;
  int64_t in_size_;
  int64_t H_, W_, KH_, KW_, OH_, OW_, sh_, sw_, dh_, dw_, ph_, pw_;
};

// A depthwise 2-D convolution (one input and one output channel per group): each output row is
// summed directly, tap by tap, in double (products of float, float16 or bfloat16 values are exact)
// beside the sum of the products' magnitudes, as the GEMM engine's panel path does (gemm/dot.h):
// taps in padding contribute +0 * w, as the im2col matrix's zeros do, so even the sign of a zero
// result is the GEMM path's. The K - 1 additions of the products err by at most gamma_{K-1}
// sum|p| <= 2 K u sum|p| (K u < 0.01), the bias adds one rounding; when that interval rounds to
// one value it is the answer, otherwise ExactSum decides. Rows run on any thread.
template <class S>
void depthwise_2d(const ConvPlan& p, const S* x, const S* w, const S* bias, S* y) {
  const int64_t H = p.in_spatial[0], W = p.in_spatial[1], OH = p.out_spatial[0], OW = p.out_spatial[1];
  const int64_t KH = p.kernel[0], KW = p.kernel[1], K = KH * KW;
  const int64_t sh = p.w.strides[0], sw = p.w.strides[1], dh = p.w.dilations[0], dw = p.w.dilations[1];
  const int64_t ph = p.axes[0].pad_begin, pw = p.axes[1].pad_begin;
  const double ku2 = 2 * static_cast<double>(K) * 0x1p-53;
  const bool bound_valid = static_cast<double>(K) * 0x1p-53 < 0.01;
  const bool vector = gemm::gemm_uses_avx512();  // AVX-512 present and not turned off (ONNX_REF_NO_AVX512)
  // The register-blocked row kernel (gemm/depthwise_row.h) addresses the row with 32-bit offsets.
  const gemm::DepthwiseRow row_shape{OW, W, KH, KW, sw, dw, pw};
  const int64_t reach = (OW + 8) * sw + KW * dw + pw + 16;
  const bool row_kernel = vector && W < (int64_t{1} << 30) && reach < (int64_t{1} << 30);
  parallel_for(p.N * p.C * OH, std::max<int64_t>(1, (int64_t{1} << 18) / std::max<int64_t>(1, OW * K)),
               [&](int64_t r0, int64_t r1) {
                 std::vector<double> acc(static_cast<size_t>(OW)), mag(static_cast<size_t>(OW)),
                     bias_row(static_cast<size_t>(OW));
                 std::vector<uint8_t> todo(static_cast<size_t>(OW));
                 std::vector<const float*> in_rows(static_cast<size_t>(KH));
                 for (int64_t row = r0; row < r1; ++row) {
                   const int64_t oh = row % OH, nc = row / OH, c = nc % p.C;
                   const S* xc = x + nc * p.in_size;
                   const S* wc = w + c * K;
                   bool summed = false;
                   if constexpr (std::is_same_v<S, float>) {
                     if (row_kernel) {
                       for (int64_t kh = 0; kh < KH; ++kh) {
                         const int64_t ih = oh * sh - ph + kh * dh;
                         in_rows[static_cast<size_t>(kh)] = ih >= 0 && ih < H ? xc + ih * W : nullptr;
                       }
                       gemm::depthwise_row_avx512(row_shape, in_rows.data(), wc, acc.data(), mag.data());
                       summed = true;
                     }
                   }
                   if (!summed) {
                     std::fill(acc.begin(), acc.end(), -0.0);  // -0 + p is p, even for p = -0
                     std::fill(mag.begin(), mag.end(), 0.0);
                     for (int64_t kh = 0; kh < KH; ++kh) {
                       const int64_t ih = oh * sh - ph + kh * dh;
                       const S* xr = ih >= 0 && ih < H ? xc + ih * W : nullptr;
                       for (int64_t kw = 0; kw < KW; ++kw) {
                         const double wv = widen(wc[kh * KW + kw]);
                         const int64_t off = kw * dw - pw;
                         const int64_t begin = xr ? std::min(OW, off >= 0 ? 0 : (-off + sw - 1) / sw) : OW;
                         const int64_t end =
                             xr ? std::max(begin, W - 1 - off < 0 ? 0 : std::min(OW, (W - 1 - off) / sw + 1)) : OW;
                         const double pad = wv * 0.0;  // what a zero of the im2col matrix contributes
                         if constexpr (std::is_same_v<S, float>) {
                           // The same additions, in the same order per output, eight outputs at a time.
                           gemm::add_to_all(begin, pad, acc.data());
                           if (end > begin) {
                             if (sw == 1)
                               gemm::add_scaled_floats(end - begin, wv, xr + begin + off, acc.data() + begin,
                                                       mag.data() + begin);
                             else
                               gemm::add_scaled_floats_strided(end - begin, wv, xr + begin * sw + off, sw,
                                                               acc.data() + begin, mag.data() + begin);
                           }
                           gemm::add_to_all(OW - std::max(begin, end), pad, acc.data() + std::max(begin, end));
                           continue;
                         }
                         for (int64_t ow = 0; ow < begin; ++ow) acc[ow] += pad;
                         if (sw == 1)
                           for (int64_t ow = begin; ow < end; ++ow) {
                             const double q = wv * widen(xr[ow + off]);
                             acc[ow] += q;
                             mag[ow] += std::fabs(q);
                           }
                         else
                           for (int64_t ow = begin; ow < end; ++ow) {
                             const double q = wv * widen(xr[ow * sw + off]);
                             acc[ow] += q;
                             mag[ow] += std::fabs(q);
                           }
                         for (int64_t ow = std::max(begin, end); ow < OW; ++ow) acc[ow] += pad;
                       }
                     }
                   }
                   const double bc = bias ? widen(bias[c]) : 0.0;
                   S* yr = y + nc * p.out_size + oh * OW;
                   bool vector_done = false;
                   if constexpr (std::is_same_v<S, float>) {
                     // The same decisions eight at a time: with every norm the row's sum of magnitudes and the
                     // scale 2 K u, the engine's first stage computes E = 2 K u mag + 2 u (|s| + |t|) by the
                     // steps above, in their order, and decides as decide_small does (gemm/micro_kernel.h).
                     if (vector && bound_valid) {
                       if (bias) std::fill(bias_row.begin(), bias_row.end(), bc);
                       const int64_t undecided = gemm::tiled::decide_floats_avx512(
                           OW, acc.data(), {1.0, 1.0, 1.0}, mag.data(), mag.data(), mag.data(), 1.0,
                           bias ? bias_row.data() : nullptr, ku2, yr, todo.data());
                       if (undecided == 0) continue;
                       vector_done = true;
                     }
                   }
                   for (int64_t ow = 0; ow < OW; ++ow) {
                     if (vector_done && !todo[ow]) continue;
                     const double s = acc[ow];
                     const double t = bias ? s + bc : s;
                     const double E = ku2 * mag[ow] + 2 * 0x1p-53 * (std::fabs(s) + std::fabs(t));
                     if (bound_valid && numeric::decide_small<S>(t, E, yr[ow])) continue;
                     ExactSum sum;
                     for (int64_t kh = 0; kh < KH; ++kh)
                       for (int64_t kw = 0; kw < KW; ++kw) {
                         const int64_t ih = oh * sh - ph + kh * dh, iw = ow * sw - pw + kw * dw;
                         if (ih >= 0 && ih < H && iw >= 0 && iw < W)
                           sum.add(widen(wc[kh * KW + kw]) * widen(xc[ih * W + iw]));
                       }
                     if (bias) sum.add(bc);
                     const double nearest = sum.round_nearest();
                     yr[ow] = narrow<S>(std::isfinite(nearest) ? sum.round_odd() : nearest);
                   }
                 }
               });
}

}  // namespace

std::vector<AttributeSpec> linalg::conv_attributes() {
  return {{"auto_pad", AttrType::String, false, std::string("NOTSET")},
          {"dilations", AttrType::Ints},
          {"group", AttrType::Int, false, int64_t{1}},
          {"kernel_shape", AttrType::Ints},
          {"pads", AttrType::Ints},
          {"strides", AttrType::Ints}};
}

linalg::ConvParams linalg::parse_conv_params(const Attributes& attrs) {
  ConvParams params;
  params.group = attrs.get_int("group");
  if (params.group < 1) throw Error("attribute 'group' must be at least 1, got " + std::to_string(params.group));
  params.window = parse_window_spec(attrs, true, false);
  return params;
}

linalg::ConvGroups linalg::conv_groups(const Tensor& x, const Tensor& w, int64_t group) {
  const int64_t C = x.shape()[1], M = w.shape()[0];
  ConvGroups g;
  g.group = group;
  if (C % g.group != 0 || M % g.group != 0)
    throw Error("group " + std::to_string(g.group) + " must divide X's channels (" + std::to_string(C) +
                ") and W's output channels (" + std::to_string(M) + ")");
  g.Cg = C / g.group;
  g.Mg = M / g.group;
  if (w.shape()[1] != g.Cg)
    throw Error("W " + w.describe() + " must have C/group = " + std::to_string(g.Cg) + " input channels for X " +
                x.describe() + " and group " + std::to_string(g.group));
  return g;
}

Tensor linalg::conv(const Tensor& x, const Tensor& w, const Tensor* bias, const ConvParams& params) {
  const ConvPlan p = plan_conv(x, w, bias, params);
  Shape out_shape{p.N, p.M};
  out_shape.insert(out_shape.end(), p.out_spatial.begin(), p.out_spatial.end());
  Tensor out = Tensor::uninitialized(x.type(), out_shape);  // refuses absurd sizes before allocating
  if (out.element_count() == 0) return out;
  const int64_t K = p.Cg * p.kernel_size;
  // Floating convolutions but double pack their im2col blocks from the input as the engine needs
  // them (1-D and 2-D by row segments, more axes by the tap tables); the others build the whole
  // matrix, allocated as a tensor so that its size is checked like any output's.
  const bool streamed =
      !p.direct && K > 0 &&
      (x.type() == ElementType::Float || x.type() == ElementType::Float16 || x.type() == ElementType::BFloat16);
  const bool by_rows = p.in_spatial.size() <= 2;
  const bool tabulated = !p.direct && K > 0 && (streamed ? !by_rows : p.in_spatial.size() != 2);
  const linalg::TapTables taps = tabulated ? conv_taps(p) : linalg::TapTables{};
  Tensor col = p.direct || K == 0 || streamed ? Tensor() : Tensor::uninitialized(x.type(), {K, p.out_size});
  dispatch_real(x.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (!is_float_storage<S> && !std::is_same_v<S, int32_t>) {
      throw std::logic_error("Conv: no kernel for " + std::string(name_of(x.type())));
    } else {
      const S* px = x.data_as<S>();
      const S* pw = w.template data_as<S>();
      const S* pb = bias ? bias->template data_as<S>() : nullptr;
      S* py = reinterpret_cast<S*>(out.mutable_data());
      S* pcol = p.direct || K == 0 || streamed ? nullptr : reinterpret_cast<S*>(col.mutable_data());
      if constexpr (is_float_storage<S> && !std::is_same_v<S, double>) {
        if (p.Cg == 1 && p.Mg == 1 && p.in_spatial.size() == 2) {
          depthwise_2d(p, px, pw, pb, py);
          return;
        }
      }
      for (int64_t n = 0; n < p.N; ++n)
        for (int64_t g = 0; g < p.group; ++g) {
          const S* xg = px + (n * p.C + g * p.Cg) * p.in_size;
          if (pcol) {
            if (p.in_spatial.size() == 2)
              im2col_2d(p, xg, pcol);
            else
              linalg::gather_taps(taps, p.Cg, xg, pcol);
          }
          gemm::GemmArgs<S> a;
          a.M = p.Mg;
          a.N = p.out_size;
          a.K = K;
          a.A = {pw + g * p.Mg * K, K, 1};
          a.B = {pcol ? pcol : xg, p.out_size, 1};
          if (pb) {
            a.has_c = true;
            a.beta = 1;
            a.C = {pb + g * p.Mg, 1, 0};
          }
          a.Y = py + (n * p.M + g * p.Mg) * p.out_size;
          if constexpr (std::is_same_v<S, float>) {
            // The weights packed once for every run of the model (gemm/packed_weights.h), for the
            // products that run on the tiled engine.
            const bool tiled = streamed || (p.direct && p.Mg * p.out_size * K >= (int64_t{1} << 16));
            const auto packed = tiled ? gemm::cached_packed_weights(w.storage(), a.A.data, p.Mg, K, K) : nullptr;
            if (streamed) {
              if (by_rows)
                gemm::gemm_packed(a, Im2colSource<S>(p, xg), nullptr, packed.get());
              else
                gemm::gemm_packed(a, linalg::TapGatherSource<S>(taps, xg), nullptr, packed.get());
              continue;
            }
            if (packed) {
              gemm::gemm_with_packed_a(a, packed.get());
              continue;
            }
          }
          if constexpr (is_float_storage<S> && !std::is_same_v<S, double>) {
            if (streamed) {
              if (by_rows)
                gemm::gemm_packed(a, Im2colSource<S>(p, xg));
              else
                gemm::gemm_packed(a, linalg::TapGatherSource<S>(taps, xg));
              continue;
            }
          }
          gemm::gemm(a);
        }
    }
  });
  return out;
}

namespace {

OpVersion conv_version(int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = "Conv";
  v.since_version = since;
  v.inputs = {{"X", "T"}, {"W", "T"}, {"B", "T", ParamOption::Optional}};
  v.outputs = {{"Y", "T"}};
  v.attributes = linalg::conv_attributes();
  v.type_constraints = {{"T", types}};
  v.set_kernel(linalg::parse_conv_params,
               [](const KernelContext& ctx, const linalg::ConvParams& params) -> std::vector<Value> {
                 return {linalg::conv(ctx.input(0), ctx.input(1), ctx.has_input(2) ? &ctx.input(2) : nullptr, params)};
               });
  return v;
}

}  // namespace

void register_conv(Registry& registry) {
  registry.add(conv_version(1, type_sets::kFloats));
  registry.add(conv_version(11, type_sets::kFloats));
  registry.add(conv_version(22, type_sets::kFloatsIR4));
  registry.declare_accuracy("Conv", {AccuracyKind::CorrectlyRounded,
                                     "each output the exact sum of its window's products plus the bias, rounded once"});
}

}  // namespace onnx_ref
