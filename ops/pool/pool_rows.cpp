// The row-by-row window plan of the pools (see pool_rows.h).
#include "ops/pool/pool_rows.h"

#include <algorithm>

namespace onnx_ref::pool {

namespace {

// The number of k in [0, kernel) with k * dilation < limit (limit may be negative): the end of the
// range of offsets whose coordinate stays below an upper bound. Computed in 128 bits, since the
// window rules allow sizes and pads up to 2^62.
int64_t offsets_below(__int128 limit, int64_t kernel, int64_t dilation) {
  if (limit <= 0) return 0;
  const __int128 n = (limit + dilation - 1) / dilation;
  return n >= kernel ? kernel : static_cast<int64_t>(n);
}

AxisTaps axis_taps(int64_t in, int64_t out, int64_t kernel, int64_t stride, int64_t dilation, const AxisWindow& a) {
  AxisTaps t{in, kernel, stride, dilation, a.pad_begin, {}, {}, {}, 0, 0};
  t.lo.resize(static_cast<size_t>(out));
  t.hi.resize(static_cast<size_t>(out));
  t.in_extent.resize(static_cast<size_t>(out));
  bool seen_full = false;
  for (int64_t o = 0; o < out; ++o) {
    const __int128 base = static_cast<__int128>(o) * stride - a.pad_begin;  // coordinate of offset 0
    // coordinate >= 0  <=>  k * dilation >= -base
    const int64_t lo = base >= 0 ? 0 : std::min(kernel, offsets_below(-base, kernel, dilation));
    const int64_t hi = std::max(lo, offsets_below(in - base, kernel, dilation));
    // within the extent: -pad_begin <= coordinate < in + pad_end; the first holds for every k >= 0
    const int64_t ext = offsets_below(static_cast<__int128>(in) + a.pad_end - base, kernel, dilation);
    t.lo[static_cast<size_t>(o)] = lo;
    t.hi[static_cast<size_t>(o)] = hi;
    t.in_extent[static_cast<size_t>(o)] = ext;
    // The full positions are consecutive: lo == 0 from some o on, hi == kernel up to some o.
    if (lo == 0 && hi == kernel) {
      if (!seen_full) t.full_lo = o;
      seen_full = true;
      t.full_hi = o + 1;
    }
  }
  return t;
}

}  // namespace

PoolRows plan_rows(const PoolPlan& p) {
  PoolRows g;
  const size_t r = p.in_spatial.size();
  for (size_t a = 0; a < r; ++a)
    g.axes.push_back(
        axis_taps(p.in_spatial[a], p.out_spatial[a], p.w.kernel[a], p.w.strides[a], p.w.dilations[a], p.axes[a]));
  g.channels = p.N * p.C;
  g.row_length = p.out_spatial.back();
  g.rows = g.row_length == 0 ? 0 : p.out_size / g.row_length;
  g.in_size = p.in_size;
  g.out_size = p.out_size;
  return g;
}

void row_windows(const PoolRows& g, int64_t row, RowWindows& out) {
  const size_t lead = g.axes.size() - 1;
  out.coord.resize(lead);
  out.offset.resize(lead);
  out.in_stride.resize(lead);
  // The row's output coordinate on each leading axis, the last leading axis fastest, and the input
  // strides of the leading axes (row-major spatial layout).
  int64_t stride_after = g.axes.back().in;
  for (size_t a = lead; a-- > 0;) {
    const int64_t n = static_cast<int64_t>(g.axes[a].lo.size());
    out.coord[a] = row % n;
    row /= n;
    out.in_stride[a] = stride_after;
    stride_after *= g.axes[a].in;
  }
  out.inside = 1;
  out.in_extent = 1;
  out.starts.clear();
  for (size_t a = 0; a < lead; ++a) {
    const AxisTaps& t = g.axes[a];
    const size_t o = static_cast<size_t>(out.coord[a]);
    out.inside *= t.hi[o] - t.lo[o];
    out.in_extent *= t.in_extent[o];
  }
  if (out.inside == 0) return;
  // An odometer over the box of the leading axes, in row-major order; out.offset[a] is the kernel
  // offset on axis a.
  for (size_t a = 0; a < lead; ++a) out.offset[a] = g.axes[a].lo[static_cast<size_t>(out.coord[a])];
  while (true) {
    int64_t start = 0;
    for (size_t a = 0; a < lead; ++a) {
      const AxisTaps& t = g.axes[a];
      start += (out.coord[a] * t.stride - t.pad_begin + out.offset[a] * t.dilation) * out.in_stride[a];
    }
    out.starts.push_back(start);
    size_t a = lead;
    while (a > 0) {
      --a;
      if (++out.offset[a] < g.axes[a].hi[static_cast<size_t>(out.coord[a])]) break;
      out.offset[a] = g.axes[a].lo[static_cast<size_t>(out.coord[a])];
      if (a == 0) return;
    }
    if (lead == 0) return;
  }
}

int64_t max_row_starts(const PoolRows& g) {
  int64_t n = 1;
  for (size_t a = 0; a + 1 < g.axes.size(); ++a) n *= g.axes[a].kernel;
  return n;
}

int64_t first_empty_window(const PoolRows& g, bool count_extent) {
  int64_t best = -1, after = 1;
  if (g.out_size == 0) return -1;
  for (size_t a = g.axes.size(); a-- > 0;) {
    const AxisTaps& t = g.axes[a];
    for (size_t o = 0; o < t.lo.size(); ++o)
      if ((count_extent ? t.in_extent[o] : t.hi[o] - t.lo[o]) == 0) {
        const int64_t flat = static_cast<int64_t>(o) * after;
        if (best < 0 || flat < best) best = flat;
        break;
      }
    after *= static_cast<int64_t>(t.lo.size());
  }
  return best;
}

int64_t rows_per_chunk(const PoolRows& g, const PoolPlan& p, int64_t taps_per_chunk) {
  const int64_t per_row = std::max<int64_t>(1, g.row_length * std::min<int64_t>(p.kernel_size, int64_t{1} << 20));
  return std::max<int64_t>(1, taps_per_chunk / per_row);
}

}  // namespace onnx_ref::pool
