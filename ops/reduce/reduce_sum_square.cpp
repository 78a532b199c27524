// ONNX ReduceSumSquare, every version (1, 11, 13, 18): the sum of squares. Axes an attribute
// until 13, an optional input with noop_with_empty_axes from 18; 13 adds bfloat16.
// Contract: correctly rounded. A floating result is the exact sum of x*x rounded once (nearest, ties to even);
// for double this holds whenever no nonzero square is below 2^-969 (see SumSquareAccumulator);
// integers wrap; the empty sum is 0.
#include "ops/reduce/accumulators.h"
#include "ops/reduce/reduce_types.h"
#include "ops/reduce/reduction.h"
#include "ops/reduce/register.h"

namespace onnx_ref {

void register_reduce_sum_square(Registry& registry) {
  add_reduce_ladder_1_11_13_18(
      registry, "ReduceSumSquare",
      {AccuracyKind::CorrectlyRounded,
       "the exact sum of squares rounded once (double: while no nonzero square is below 2^-969); integers wrap"},
      kReduceClassicTypes, row_kernel<SumSquareAccumulator>(), /*composite=*/true);
}

}  // namespace onnx_ref
