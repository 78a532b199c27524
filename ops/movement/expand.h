#pragma once
// Expand's rules as pure functions, and the copy plan its kernel follows.
#include <cstdint>
#include <span>
#include <vector>

#include "ops/movement/loop_plan.h"
#include "runtime/tensor.h"

namespace onnx_ref {

// Expand: the input broadcast with `shape` in both directions (NumPy rules; a 1 in `shape` keeps
// the input's dimension). Negative entries and an element count that overflows int64 are errors.
Shape expand_output_shape(const Shape& input, std::span<const int64_t> shape);

// An input of shape `in` broadcast to `out` as nested loops: dims[i] output elements along loop i
// (outermost first), taken src_strides[i] input elements apart, 0 where the input is stretched.
// Output dimensions of size 1 are dropped; neighbouring loops are merged when both stretch or when
// both walk the input contiguously. Empty when the output holds a single element.
using BroadcastPlan = LoopPlan;
BroadcastPlan broadcast_plan(const Shape& in, const Shape& out);

// The input broadcast to `out_shape` (which it must broadcast to), any element type.
Tensor expand(const Tensor& input, const Shape& out_shape);

// Fills out[offset + block, offset + copies * block) with copies - 1 more copies of the block at
// `offset` of `out` (a tensor under construction), by doubling: log2(copies) copy_elements calls.
void replicate_block(Tensor& out, int64_t offset, int64_t block, int64_t copies);

}  // namespace onnx_ref
