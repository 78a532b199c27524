#pragma once
// The pooling engine shared by MaxPool, AveragePool and the global pools: the window of every
// output position over an [N, C, spatial...] input (window rules: ops/window_rules.h), visited in
// row-major kernel order.
#include <cstdint>
#include <functional>
#include <vector>

#include "ops/registry.h"
#include "ops/window_rules.h"
#include "runtime/tensor.h"

namespace onnx_ref::pool {

struct PoolPlan {
  int64_t N = 0, C = 0;
  Shape in_spatial, out_spatial;
  WindowAttrs w;
  std::vector<AxisWindow> axes;
  int64_t in_size = 1, out_size = 1, kernel_size = 1;
  Shape out_shape;  // [N, C, out_spatial...]
};

// The window of a pool node (its attributes parsed at load, kernel_shape set) over input `x`.
PoolPlan plan_pool(const Tensor& x, const WindowSpec& window);

// The window of one output position: for each kernel offset in row-major order, the input's
// row-major spatial index, or -1 when the offset reads padding; and how many offsets fall within the
// explicitly padded extent (count_include_pad's divisor).
struct WindowTaps {
  std::vector<int64_t> index;
  int64_t in_padded_extent = 0;
};
// Calls visit(output spatial index, taps) for every output position, in row-major order.
void for_each_window(const PoolPlan& p, const std::function<void(int64_t, const WindowTaps&)>& visit);

}  // namespace onnx_ref::pool
