// ONNX GlobalAveragePool, every version (1, 22). Contract: correctly rounded — the exact mean of each
// channel rounded once (ops/pool/global_pool.h).  1: float16, float, double.  22: + bfloat16.
#include "ops/pool/global_pool.h"
#include "ops/pool/register.h"

namespace onnx_ref {

void register_global_average_pool(Registry& registry) {
  pool::register_global_pool(registry, "GlobalAveragePool", pool::GlobalKind::Average,
                             {AccuracyKind::CorrectlyRounded, "the exact channel mean rounded once"});
}

}  // namespace onnx_ref
