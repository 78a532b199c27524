// ONNX ReduceSum, every version (1, 11, 13).
// 1 and 11: `axes` is an attribute; 13: `axes` is an optional int64 input and noop_with_empty_axes
// chooses what an empty list means. The kernel is the shared engine in ops/reduce/reduction.h.
// Contract: correctly rounded. Integers wrap; a floating sum is the exact sum rounded once (nearest, ties to
// even), whatever the order; the empty sum is +0 (see ops/reduce/accumulators.h).
#include "ops/reduce/accumulators.h"
#include "ops/reduce/reduce_types.h"
#include "ops/reduce/reduction.h"
#include "ops/reduce/register.h"

namespace onnx_ref {

void register_reduce_sum(Registry& registry) {
  const RowKernel sum = row_kernel<SumAccumulator>();
  registry.add(make_reduce_version("ReduceSum", 1, kReduceClassicTypes, false, sum));
  registry.add(make_reduce_version("ReduceSum", 11, kReduceClassicTypes, false, sum));  // axis range stated
  registry.add(make_reduce_version("ReduceSum", 13, kReduceClassicTypes.with({ElementType::BFloat16}), true, sum));
  registry.declare_accuracy(
      "ReduceSum", {AccuracyKind::CorrectlyRounded, "the exact sum rounded once, whatever the order; integers wrap"});
}

}  // namespace onnx_ref
