// ONNX ReduceL1, every version (1, 11, 13, 18): the sum of absolute values. Axes an attribute
// until 13, an optional input with noop_with_empty_axes from 18; 13 adds bfloat16.
// Contract: correctly rounded. A floating result is the exact sum of |x| rounded once (nearest, ties to even);
// integers wrap (|INT_MIN| is INT_MIN); the empty sum is 0. See L1Accumulator.
#include "ops/reduce/accumulators.h"
#include "ops/reduce/reduce_types.h"
#include "ops/reduce/reduction.h"
#include "ops/reduce/register.h"

namespace onnx_ref {

void register_reduce_l1(Registry& registry) {
  add_reduce_ladder_1_11_13_18(registry, "ReduceL1",
                               {AccuracyKind::CorrectlyRounded, "the exact sum of |x| rounded once; integers wrap"},
                               kReduceClassicTypes, row_kernel<L1Accumulator>(), /*composite=*/true);
}

}  // namespace onnx_ref
