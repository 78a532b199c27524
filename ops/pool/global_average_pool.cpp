// ONNX GlobalAveragePool, every version (1, 22). Contract: correctly rounded — the exact mean of each
// channel rounded once (ops/pool/global_pool.h).  1: float16, float, double.  22: + bfloat16.
#include "ops/pool/register.h"
#include "ops/pool/global_pool.h"
#include "ops/type_sets.h"

namespace onnx_ref {

void register_global_average_pool(Registry& registry) {
  using pool::GlobalKind;
  registry.add(pool::global_pool_version("GlobalAveragePool", 1, type_sets::kFloats, GlobalKind::Average));
  registry.add(pool::global_pool_version("GlobalAveragePool", 22, type_sets::kFloatsIR4, GlobalKind::Average));
  registry.declare_accuracy("GlobalAveragePool",
                            {AccuracyKind::CorrectlyRounded, "the exact channel mean rounded once"});
}

}  // namespace onnx_ref
