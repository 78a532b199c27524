// ONNX GlobalMaxPool, every version (1, 22). Contract: exact — the largest element of each channel,
// copied bit for bit; a NaN propagates (ops/pool/global_pool.h).  1: float16, float, double.
// 22: + bfloat16.
#include "ops/pool/global_pool.h"
#include "ops/pool/register.h"

namespace onnx_ref {

void register_global_max_pool(Registry& registry) {
  pool::register_global_pool(registry, "GlobalMaxPool", pool::GlobalKind::Max,
                             {AccuracyKind::Exact, "the channel's largest element copied bit for bit"});
}

}  // namespace onnx_ref
