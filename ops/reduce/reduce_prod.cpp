// ONNX ReduceProd, every version (1, 11, 13, 18).
// 1, 11 and 13: `axes` is an attribute; 18: `axes` is an optional int64 input and
// noop_with_empty_axes chooses what an empty list means; 13 adds bfloat16. The kernel is the
// shared engine in ops/reduce/reduction.cpp: integers wrap, floating products are accumulated in
// double with a separate exponent and rounded once (see reduction.h for why not exactly).
#include "ops/all_ops.h"
#include "ops/reduce/reduction.h"
#include "ops/type_sets.h"

namespace onnx_ref {

void register_reduce_prod(Registry& registry) {
  const TypeSet classic{ElementType::Float16, ElementType::Float, ElementType::Double, ElementType::Int32,
                        ElementType::Int64,   ElementType::UInt32, ElementType::UInt64};
  const TypeSet with_bfloat16 = classic.with({ElementType::BFloat16});
  registry.add(make_reduce_version("ReduceProd", 1, classic, false, ReduceKind::Prod));
  registry.add(make_reduce_version("ReduceProd", 11, classic, false, ReduceKind::Prod));
  registry.add(make_reduce_version("ReduceProd", 13, with_bfloat16, false, ReduceKind::Prod));
  registry.add(make_reduce_version("ReduceProd", 18, with_bfloat16, true, ReduceKind::Prod));
}

}  // namespace onnx_ref
