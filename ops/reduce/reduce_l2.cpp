// ONNX ReduceL2, every version (1, 11, 13, 18): sqrt of the sum of squares. Axes an attribute
// until 13, an optional input with noop_with_empty_axes from 18; 13 adds bfloat16.
// Contract: correctly rounded. A floating result is the square root of the exact sum of squares
// rounded once (nearest, ties to even); for double, where the result lies in [2^-450, 2^500]
// (otherwise within one ulp). Integers: floor of the exact square root, truncated to the width;
// the empty norm is 0. See L2Accumulator (ops/reduce/accumulators.h).
#include "ops/reduce/accumulators.h"
#include "ops/reduce/reduce_types.h"
#include "ops/reduce/reduction.h"
#include "ops/reduce/register.h"

namespace onnx_ref {

void register_reduce_l2(Registry& registry) {
  add_reduce_ladder_1_11_13_18(registry, "ReduceL2",
                               {AccuracyKind::CorrectlyRounded,
                                "the square root of the exact sum of squares rounded once (double: within one ulp "
                                "outside [2^-450, 2^500]); integers: the floor of the exact root"},
                               kReduceClassicTypes, row_kernel<L2Accumulator>(), /*composite=*/true);
}

}  // namespace onnx_ref
