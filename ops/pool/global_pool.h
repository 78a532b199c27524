#pragma once
// The global pools: one window covering every spatial position of each channel.
#include <string>

#include "ops/registry.h"

namespace onnx_ref::pool {

enum class GlobalKind { Average, Max };

// One version of GlobalAveragePool or GlobalMaxPool: X [N, C, spatial...] to Y [N, C, 1, ...].
OpVersion global_pool_version(const std::string& op_type, int since, const TypeSet& types, GlobalKind kind);

}  // namespace onnx_ref::pool
