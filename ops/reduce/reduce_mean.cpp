// ONNX ReduceMean, every version (1, 11, 13, 18): axes an attribute until 13, an optional input
// with noop_with_empty_axes from 18; 13 adds bfloat16.
// Contract: correctly rounded. A floating mean is the exact sum divided by the element count,
// rounded once (nearest, ties to even), whatever the order of the elements; the empty mean is NaN.
// An integer mean is the exact sum divided by the count, truncated toward zero; an empty integer
// mean is an Error. See MeanAccumulator (ops/reduce/accumulators.h).
#include "ops/reduce/accumulators.h"
#include "ops/reduce/reduce_types.h"
#include "ops/reduce/reduction.h"
#include "ops/reduce/register.h"

namespace onnx_ref {

void register_reduce_mean(Registry& registry) {
  add_reduce_ladder_1_11_13_18(
      registry, "ReduceMean",
      {AccuracyKind::CorrectlyRounded, "the exact sum over the count rounded once; integers truncate toward zero"},
      kReduceClassicTypes, row_kernel<MeanAccumulator>());
}

}  // namespace onnx_ref
