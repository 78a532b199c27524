// The pooling engine (see pooling.h).
#include "ops/pool/pooling.h"

#include "runtime/error.h"
#include "runtime/multi_index.h"
#include "runtime/scratch.h"

namespace onnx_ref::pool {

PoolPlan plan_pool(const Tensor& x, const WindowSpec& window) {
  if (x.rank() < 3) throw Error("the input must have rank 3 or more [N, C, spatial...], but it is " + x.describe());
  PoolPlan p;
  p.N = x.shape()[0];
  p.C = x.shape()[1];
  p.in_spatial.assign(x.shape().begin() + 2, x.shape().end());
  p.w = window_attrs(window, p.in_spatial.size(), nullptr);
  p.axes = window_geometry(p.in_spatial, p.w);
  p.out_shape = {p.N, p.C};
  for (const AxisWindow& a : p.axes) {
    p.out_spatial.push_back(a.out);
    p.out_shape.push_back(a.out);
  }
  if (!checked_element_count(p.out_shape) || !checked_element_count(p.w.kernel))
    throw Error("pool output " + shape_to_string(p.out_shape) + " or kernel is too large to count");
  p.in_size = *checked_element_count(p.in_spatial);
  p.out_size = *checked_element_count(p.out_spatial);
  p.kernel_size = *checked_element_count(p.w.kernel);
  if (p.kernel_size > (int64_t{1} << 32))
    throw Error("pool kernel of " + std::to_string(p.kernel_size) + " taps is beyond 2^32");
  return p;
}

void for_each_window(const PoolPlan& p, const std::function<void(int64_t, const WindowTaps&)>& visit) {
  const size_t r = p.in_spatial.size();
  MultiIndex opos(p.out_spatial), koff(p.w.kernel);
  if (opos.empty() || koff.empty()) return;
  WindowTaps taps;
  const MemoryCharge taps_charge =
      charge_scratch<int64_t>(static_cast<uint64_t>(p.kernel_size), "the pool's window table");
  taps.index.resize(static_cast<size_t>(p.kernel_size));
  int64_t o = 0;
  do {
    taps.in_padded_extent = 0;
    int64_t k = 0;
    do {
      int64_t flat = 0;
      bool inside = true, in_extent = true;
      for (size_t a = 0; a < r; ++a) {
        const int64_t coord = opos[a] * p.w.strides[a] - p.axes[a].pad_begin + koff[a] * p.w.dilations[a];
        if (coord < -p.axes[a].pad_begin || coord >= p.in_spatial[a] + p.axes[a].pad_end) in_extent = false;
        if (coord < 0 || coord >= p.in_spatial[a])
          inside = false;
        else
          flat = flat * p.in_spatial[a] + coord;
      }
      taps.index[static_cast<size_t>(k++)] = inside ? flat : -1;
      if (in_extent) ++taps.in_padded_extent;
    } while (koff.next());
    visit(o++, taps);
  } while (opos.next());
}

}  // namespace onnx_ref::pool
