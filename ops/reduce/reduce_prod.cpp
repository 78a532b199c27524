// ONNX ReduceProd, every version (1, 11, 13, 18).
// 1, 11 and 13: `axes` is an attribute; 18: `axes` is an optional int64 input and
// noop_with_empty_axes chooses what an empty list means; 13 adds bfloat16.
// Contract: rounded at named points. Integers wrap; a floating product is accumulated in double
// (each multiplication rounded to 53 bits, the exponent kept apart) and rounded once to the
// element type; the empty product is 1 (see ProdAccumulator for why not exactly).
#include "ops/reduce/accumulators.h"
#include "ops/reduce/reduce_types.h"
#include "ops/reduce/reduction.h"
#include "ops/reduce/register.h"

namespace onnx_ref {

void register_reduce_prod(Registry& registry) {
  add_reduce_ladder_1_11_13_18(
      registry, "ReduceProd",
      {AccuracyKind::RoundedAtNamedPoints,
       "each multiplication rounded to double (exponent kept apart), the product rounded once to T; integers wrap"},
      kReduceClassicTypes, row_kernel<ProdAccumulator>());
}

}  // namespace onnx_ref
