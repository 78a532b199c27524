// ONNX ReduceSum, every version (1, 11, 13).
// 1 and 11: `axes` is an attribute; 13: `axes` is an optional int64 input and noop_with_empty_axes
// chooses what an empty list means. The kernel is the shared engine in ops/reduce/reduction.cpp:
// integers wrap, floating sums are exact and rounded once (see reduction.h).
#include "ops/all_ops.h"
#include "ops/reduce/reduction.h"
#include "ops/type_sets.h"

namespace onnx_ref {

void register_reduce_sum(Registry& registry) {
  using namespace type_sets;
  // float16, float, double, int32, int64, uint32, uint64 (+ bfloat16 from 13)
  const TypeSet classic{ElementType::Float16, ElementType::Float, ElementType::Double, ElementType::Int32,
                        ElementType::Int64,   ElementType::UInt32, ElementType::UInt64};
  registry.add(make_reduce_version("ReduceSum", 1, classic, false, ReduceKind::Sum));
  registry.add(make_reduce_version("ReduceSum", 11, classic, false, ReduceKind::Sum));  // axis range stated
  registry.add(make_reduce_version("ReduceSum", 13, classic.with({ElementType::BFloat16}), true, ReduceKind::Sum));
}

}  // namespace onnx_ref
