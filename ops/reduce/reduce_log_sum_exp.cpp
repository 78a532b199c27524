// ONNX ReduceLogSumExp, every version (1, 11, 13, 18): log of the sum of exponentials. Axes an
// attribute until 13, an optional input with noop_with_empty_axes from 18; 13 adds bfloat16.
// Contract: correctly rounded. A floating result is the exact log(sum_j e^(x_j)) rounded once
// (nearest, ties to even), computed as m + log1p(T) (m the largest element) so nothing overflows;
// the empty set or only -inf gives -inf, a NaN gives NaN, a +inf gives +inf. Integers: the exact
// value truncated toward zero (wrapping beyond the type); the empty set is an Error. See
// LogSumExpAccumulator (ops/reduce/log_accumulators.h).
#include "ops/reduce/log_accumulators.h"
#include "ops/reduce/reduce_types.h"
#include "ops/reduce/reduction.h"
#include "ops/reduce/register.h"

namespace onnx_ref {

void register_reduce_log_sum_exp(Registry& registry) {
  add_reduce_ladder_1_11_13_18(
      registry, "ReduceLogSumExp",
      {AccuracyKind::CorrectlyRounded, "the exact log(sum e^x) rounded once; integers truncate toward zero"},
      kReduceClassicTypes, row_kernel<LogSumExpAccumulator>(), /*composite=*/true);
}

}  // namespace onnx_ref
