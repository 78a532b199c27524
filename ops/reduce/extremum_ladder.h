#pragma once
// The version ladder ReduceMax and ReduceMin share: 1 and 11 (float16, float, double, int32,
// int64, uint32, uint64), 12 (+ int8, uint8), 13 (+ bfloat16), 18 (axes an input), 20 (+ bool).
#include <string>

#include "ops/reduce/reduce_types.h"
#include "ops/reduce/reduction.h"

namespace onnx_ref {

inline void add_extremum_ladder(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                                const RowKernel& kernel) {
  const TypeSet v13 = kReduceWithBytes.with({ElementType::BFloat16});
  registry.add(make_reduce_version(op_type, 1, kReduceClassicTypes, false, kernel));
  registry.add(make_reduce_version(op_type, 11, kReduceClassicTypes, false, kernel));
  registry.add(make_reduce_version(op_type, 12, kReduceWithBytes, false, kernel));
  registry.add(make_reduce_version(op_type, 13, v13, false, kernel));
  registry.add(make_reduce_version(op_type, 18, v13, true, kernel));
  registry.add(make_reduce_version(op_type, 20, v13.with({ElementType::Bool}), true, kernel));
  registry.declare_accuracy(op_type, accuracy);
}

}  // namespace onnx_ref
