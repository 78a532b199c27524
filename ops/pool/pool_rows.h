#pragma once
// The windows of a pool visited row by row, without a table of taps per window. Along one spatial
// axis the input coordinate of kernel offset k at output position o is o * stride - pad_begin +
// k * dilation, which grows with k, so the offsets reading the input are one range [lo, hi) and
// the offsets within the explicitly padded extent another: every window's taps are a box, visited
// in row-major kernel order. An output row is the outputs that share every spatial coordinate but
// the last; their windows share the box over the leading axes (RowWindows).
#include <cstdint>
#include <vector>

#include "ops/pool/pooling.h"

namespace onnx_ref::pool {

struct AxisTaps {
  int64_t in = 0, kernel = 1, stride = 1, dilation = 1, pad_begin = 0;
  std::vector<int64_t> lo, hi;       // per output position: offsets [lo, hi) read the input
  std::vector<int64_t> in_extent;    // per output position: offsets within the padded extent
  int64_t full_lo = 0, full_hi = 0;  // output positions [full_lo, full_hi) read the input at every offset
};

struct PoolRows {
  std::vector<AxisTaps> axes;  // one per spatial axis
  int64_t channels = 0;        // N * C
  int64_t rows = 0;            // output rows per channel
  int64_t row_length = 0;      // outputs per row (the last axis)
  int64_t in_size = 0, out_size = 0;
};

PoolRows plan_rows(const PoolPlan& p);

// One row's leading box: the input offsets (within a channel, at last-axis coordinate 0) of its
// kernel rows that read the input, in row-major order, and its offsets reading the input and within
// the padded extent, counted over the leading axes.
struct RowWindows {
  std::vector<int64_t> starts;
  int64_t inside = 1, in_extent = 1;
  std::vector<int64_t> coord, offset, in_stride;  // working space of row_windows
};
// `row` in [0, rows); `out` is reused across calls.
void row_windows(const PoolRows& g, int64_t row, RowWindows& out);

// The most kernel rows a RowWindows holds, for charging its scratch.
int64_t max_row_starts(const PoolRows& g);

// The first output position (row-major spatial index) whose window has no offset reading the input,
// or with `count_extent` none within the padded extent; -1 when every window has one.
int64_t first_empty_window(const PoolRows& g, bool count_extent);

// Rows per parallel_for chunk so that a chunk holds about `taps_per_chunk` taps.
int64_t rows_per_chunk(const PoolRows& g, const PoolPlan& p, int64_t taps_per_chunk);

}  // namespace onnx_ref::pool
