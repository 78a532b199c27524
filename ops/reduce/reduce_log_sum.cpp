// ONNX ReduceLogSum, every version (1, 11, 13, 18): log of the sum. Axes an attribute until 13, an
// optional input with noop_with_empty_axes from 18; 13 adds bfloat16.
// Contract: correctly rounded. A floating result is the log of the exact sum rounded once
// (nearest, ties to even); the empty or zero sum gives -inf, a negative sum NaN. Integers: the
// log of the exact sum truncated toward zero; a sum <= 0 is an Error. See LogSumAccumulator
// (ops/reduce/log_accumulators.h).
#include "ops/reduce/log_accumulators.h"
#include "ops/reduce/reduce_types.h"
#include "ops/reduce/reduction.h"
#include "ops/reduce/register.h"

namespace onnx_ref {

void register_reduce_log_sum(Registry& registry) {
  add_reduce_ladder_1_11_13_18(
      registry, "ReduceLogSum",
      {AccuracyKind::CorrectlyRounded, "the log of the exact sum rounded once; integers truncate toward zero"},
      kReduceClassicTypes, row_kernel<LogSumAccumulator>(), /*composite=*/true);
}

}  // namespace onnx_ref
