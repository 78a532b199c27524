// ONNX ReduceMin, every version (1, 11, 12, 13, 18, 20); see ops/reduce/extremum_ladder.h.
// Contract: exact. The result is the smallest element itself (copied, never converted); a NaN
// propagates (the run's first NaN); -0 is smaller than +0; bool orders false < true (20). The
// empty Min is +inf for floating types, the largest value otherwise (true for bool).
#include "ops/reduce/accumulators.h"
#include "ops/reduce/extremum_ladder.h"
#include "ops/reduce/register.h"

namespace onnx_ref {

void register_reduce_min(Registry& registry) {
  add_extremum_ladder(registry, "ReduceMin",
                      {AccuracyKind::Exact, "the smallest element itself, copied (NaN propagates)"},
                      row_kernel<MinAccumulator>());
}

}  // namespace onnx_ref
