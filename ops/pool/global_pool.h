#pragma once
// The global pools: one window covering every spatial position of each channel.
#include <string>

#include "ops/registry.h"

namespace onnx_ref::pool {

enum class GlobalKind { Average, Max };

// Registers GlobalAveragePool or GlobalMaxPool, every version (1: float16, float, double;
// 22: + bfloat16): X [N, C, spatial...] to Y [N, C, 1, ...].
void register_global_pool(Registry& registry, const std::string& op_type, GlobalKind kind, const Accuracy& accuracy);

// The windows of a global pool (GlobalLpPool's too): X [N, C, spatial...] (Error for a lower rank)
// pools `channels` = N C windows of `size` contiguous elements each into Y `out` [N, C, 1, ...].
struct GlobalWindows {
  Shape out;
  int64_t size = 1, channels = 0;
};
GlobalWindows global_windows(const Tensor& x);

}  // namespace onnx_ref::pool
