// ONNX ReduceMax, every version (1, 11, 12, 13, 18, 20); see ops/reduce/extremum_ladder.h.
// Contract: exact. The result is the largest element itself (copied, never converted); a NaN
// propagates (the run's first NaN); +0 is larger than -0; bool orders false < true (20). The
// empty Max is -inf for floating types, the smallest value otherwise (false for bool).
#include "ops/reduce/accumulators.h"
#include "ops/reduce/extremum_ladder.h"
#include "ops/reduce/register.h"

namespace onnx_ref {

void register_reduce_max(Registry& registry) {
  add_extremum_ladder(registry, "ReduceMax",
                      {AccuracyKind::Exact, "the largest element itself, copied (NaN propagates)"},
                      row_kernel<MaxAccumulator>());
}

}  // namespace onnx_ref
