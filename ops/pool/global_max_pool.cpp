// ONNX GlobalMaxPool, every version (1, 22). Contract: exact — the largest element of each channel,
// copied bit for bit; a NaN propagates (ops/pool/global_pool.h).  1: float16, float, double.
// 22: + bfloat16.
#include "ops/pool/register.h"
#include "ops/pool/global_pool.h"
#include "ops/type_sets.h"

namespace onnx_ref {

void register_global_max_pool(Registry& registry) {
  using pool::GlobalKind;
  registry.add(pool::global_pool_version("GlobalMaxPool", 1, type_sets::kFloats, GlobalKind::Max));
  registry.add(pool::global_pool_version("GlobalMaxPool", 22, type_sets::kFloatsIR4, GlobalKind::Max));
  registry.declare_accuracy("GlobalMaxPool",
                            {AccuracyKind::Exact, "the channel's largest element copied bit for bit"});
}

}  // namespace onnx_ref
