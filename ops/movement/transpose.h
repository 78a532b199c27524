#pragma once
// Transpose's rules as pure functions: checking `perm`, the output shape, and the plan the kernel
// follows (the output's dimensions with their strides in the input, after merging dimensions that
// stay adjacent and dropping dimensions of size 1).
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "ops/movement/loop_plan.h"
#include "runtime/tensor.h"

namespace onnx_ref {

// Checks that `perm` holds each of 0 .. n-1 exactly once, n being its own length (what can be
// checked when the model is loaded). Throws Error naming the first offending entry.
void check_perm_values(std::span<const int64_t> perm);

// The permutation for an input of rank `rank`: `perm` checked (length equal to the rank, a
// permutation of 0 .. rank-1), or the reversed axes when `perm` is absent.
std::vector<int64_t> transpose_perm(int64_t rank, const std::optional<std::vector<int64_t>>& perm);

// Output dimension i is input dimension perm[i]. `perm` must be valid for the input's rank.
Shape transpose_output_shape(const Shape& input, std::span<const int64_t> perm);

// The output of a transpose seen as nested loops: dims[i] elements along loop i (outermost first),
// taken src_strides[i] input elements apart. Output dimensions of size 1 are dropped, and two
// neighbouring output dimensions that are neighbours in the same order in the input are merged
// into one: a copy of a [2, 3, 4] tensor with perm (2, 0, 1) is the 2-D transpose of a [6, 4]
// matrix. Empty when the tensor holds a single element.
using TransposePlan = LoopPlan;
TransposePlan transpose_plan(const Shape& input, std::span<const int64_t> perm);

// The transposed tensor (any element type, packed and string included).
Tensor transpose(const Tensor& input, std::span<const int64_t> perm);

}  // namespace onnx_ref
