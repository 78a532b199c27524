#pragma once
// The gather matrix behind Conv (its im2col) and ConvTranspose, for any number of spatial axes:
// row (channel, kernel tap), column output position, each entry the input element that tap
// carries to that position, or zero. The two operators differ only in which input position a tap
// carries to an output position along one axis: Conv reads o * stride - pad + k * dilation,
// ConvTranspose the position whose products reach o (conv_transpose_source). That map is
// tabulated per axis (kernel x output length), so neither a per-element search nor, for the tiled
// engine, the whole matrix is needed.
#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

#include "gemm/panel_source.h"
#include "runtime/multi_index.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/scratch.h"
#include "runtime/tensor.h"

namespace onnx_ref::linalg {

struct TapTables {
  Shape in_spatial, kernel, out_spatial;
  int64_t in_size = 1, kernel_size = 1, out_size = 1;  // products over the spatial axes
  // Axis a: entry k * out_spatial[a] + o is the input position tap k carries to output position
  // o, or -1 when it carries none (padding, or no product reaches o).
  std::vector<std::vector<int64_t>> source;
  MemoryCharge charge;  // the tables' bytes, held against the run's budget while they live

  const int64_t* row(size_t axis, int64_t tap) const { return source[axis].data() + tap * out_spatial[axis]; }
};

// `source_of(axis, tap, o)` gives one entry. The sizes are those of tensors that exist, so their
// products fit.
template <class SourceOf>
TapTables tap_tables(const Shape& in_spatial, const Shape& kernel, const Shape& out_spatial, SourceOf source_of) {
  TapTables t;
  t.in_spatial = in_spatial;
  t.kernel = kernel;
  t.out_spatial = out_spatial;
  uint64_t entries = 0;
  for (size_t a = 0; a < in_spatial.size(); ++a) entries += static_cast<uint64_t>(kernel[a] * out_spatial[a]);
  t.charge = charge_scratch<int64_t>(entries, "the convolution's tap tables");
  t.source.resize(in_spatial.size());
  for (size_t a = 0; a < in_spatial.size(); ++a) {
    t.in_size *= in_spatial[a];
    t.kernel_size *= kernel[a];
    t.out_size *= out_spatial[a];
    t.source[a].resize(static_cast<size_t>(kernel[a] * out_spatial[a]));
    for (int64_t k = 0; k < kernel[a]; ++k)
      for (int64_t o = 0; o < out_spatial[a]; ++o)
        t.source[a][static_cast<size_t>(k * out_spatial[a] + o)] = source_of(a, k, o);
  }
  return t;
}

// The whole gather matrix of `channels` channels of x (each in_size elements) into col
// [channels * kernel_size, out_size]; +0 where no input reaches (in every element format).
template <class S>
void gather_taps(const TapTables& t, int64_t channels, const S* x, S* col) {
  const size_t r = t.in_spatial.size();
  MultiIndex tap(t.kernel);
  if (tap.empty() || t.out_size == 0) return;
  int64_t kk = 0;
  do {
    for (int64_t c = 0; c < channels; ++c) {
      const S* xc = x + c * t.in_size;
      S* dst = col + (c * t.kernel_size + kk) * t.out_size;
      MultiIndex out(t.out_spatial);
      int64_t o = 0;
      do {
        int64_t flat = 0;
        bool reached = true;
        for (size_t a = 0; a < r && reached; ++a) {
          const int64_t i = t.row(a, tap[a])[out[a]];
          reached = i >= 0;
          flat = flat * t.in_spatial[a] + i;
        }
        if (reached)
          dst[o] = xc[flat];
        else
          std::memset(static_cast<void*>(dst + o), 0, sizeof(S));
        ++o;
      } while (out.next());
    }
    ++kk;
  } while (tap.next());
}

// The same matrix for the tiled engine, packed a block at a time (float, float16, bfloat16).
template <class S>
class TapGatherSource final : public gemm::PanelSource {
 public:
  TapGatherSource(const TapTables& t, const S* x) : t_(t), x_(x) {}

  void pack(int64_t k0, int64_t kc, int64_t j0, int64_t nc, double* out) const override {
    constexpr int64_t width = gemm::kPanelWidth;
    const int64_t strips = (nc + width - 1) / width;
    const size_t r = t_.in_spatial.size();
    const int64_t last = t_.out_spatial[r - 1];
    thread_local std::vector<double> row;
    row.assign(static_cast<size_t>(strips * width), 0.0);
    std::vector<int64_t> tap(r), opos(r);
    std::vector<const int64_t*> table(r);
    for (int64_t kk = 0; kk < kc; ++kk) {
      const int64_t k = k0 + kk;
      const S* xc = x_ + (k / t_.kernel_size) * t_.in_size;
      for (int64_t rest = k % t_.kernel_size, a = static_cast<int64_t>(r) - 1; a >= 0; --a) {
        tap[static_cast<size_t>(a)] = rest % t_.kernel[static_cast<size_t>(a)];
        rest /= t_.kernel[static_cast<size_t>(a)];
      }
      for (size_t a = 0; a < r; ++a) table[a] = t_.row(a, tap[a]);
      // Runs along the last axis: the outer axes fix the input offset (or no input) for a run.
      for (int64_t j = j0; j < j0 + nc;) {
        int64_t rest = j / last, offset = 0;
        bool reached = true;
        for (size_t a = r - 1; a-- > 0;) {
          opos[a] = rest % t_.out_spatial[a];
          rest /= t_.out_spatial[a];
        }
        for (size_t a = 0; a + 1 < r; ++a) {
          const int64_t i = table[a][opos[a]];
          reached = reached && i >= 0;
          offset = offset * t_.in_spatial[a] + (i < 0 ? 0 : i);
        }
        const int64_t o0 = j % last, o1 = std::min(last, o0 + (j0 + nc - j));
        double* d = row.data() + (j - j0);
        const S* src = xc + offset * t_.in_spatial[r - 1];
        const int64_t* inner = table[r - 1];
        for (int64_t o = o0; o < o1; ++o) {
          const int64_t i = inner[o];
          d[o - o0] = reached && i >= 0 ? widen(src[i]) : 0.0;
        }
        j += o1 - o0;
      }
      for (int64_t s = 0; s < strips; ++s)
        std::memcpy(out + (s * kc + kk) * width, row.data() + s * width, sizeof(double) * width);
    }
  }

  double at(int64_t k, int64_t j) const override {
    const size_t r = t_.in_spatial.size();
    int64_t tap = k % t_.kernel_size, rest = j, flat = 0;
    std::vector<int64_t> taps(r), opos(r);
    for (size_t a = r; a-- > 0;) {
      taps[a] = tap % t_.kernel[a];
      tap /= t_.kernel[a];
      opos[a] = rest % t_.out_spatial[a];
      rest /= t_.out_spatial[a];
    }
    for (size_t a = 0; a < r; ++a) {
      const int64_t i = t_.row(a, taps[a])[opos[a]];
      if (i < 0) return 0.0;
      flat = flat * t_.in_spatial[a] + i;
    }
    return widen(x_[(k / t_.kernel_size) * t_.in_size + flat]);
  }

 private:
  const TapTables& t_;
  const S* x_;
};

}  // namespace onnx_ref::linalg
