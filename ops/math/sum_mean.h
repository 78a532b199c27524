#pragma once
// The engine behind Sum and Mean: every input broadcast to one output shape (multidirectional from
// version 8; equal shapes before), and each output element the exact sum of its inputs
// (numeric/exact_sum.h), for Mean divided by the input count, rounded once to the element type.
// The result therefore does not depend on the order of the inputs.
#include <string>

#include "ops/registry.h"

namespace onnx_ref::math {

enum class SumKind { Sum, Mean };

Kernel sum_mean_kernel(SumKind kind, bool broadcasting);

// Sum and Mean (1, 6, 8, 13): data_0 variadic of T to `output` of T.
//   1: float16, float, double; consumed_inputs (ignored); equal shapes.  6: equal shapes.
//   8: multidirectional broadcasting.  13: + bfloat16.
void register_sum_mean(Registry& registry, const std::string& op_type, const Accuracy& accuracy,
                       const std::string& output, SumKind kind);

}  // namespace onnx_ref::math
