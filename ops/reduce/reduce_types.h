#pragma once
// The element types most Reduce* operators allow before bfloat16 joins them at version 13.
#include "runtime/element_type.h"

namespace onnx_ref {

// float16, float, double, int32, int64, uint32, uint64
inline const TypeSet kReduceClassicTypes{ElementType::Float16, ElementType::Float, ElementType::Double,
                                         ElementType::Int32,   ElementType::Int64, ElementType::UInt32,
                                         ElementType::UInt64};
// ReduceMax and ReduceMin add int8 and uint8 at version 12.
inline const TypeSet kReduceWithBytes = kReduceClassicTypes.with({ElementType::Int8, ElementType::UInt8});

}  // namespace onnx_ref
