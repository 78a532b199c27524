#pragma once
// The reduction engine shared by ReduceSum and ReduceProd: the axis and output-shape rules as pure
// functions, an exact accumulator for sums of binary floating-point values, and one kernel per
// reduction written over the element's storage type (runtime/numeric_dispatch.h).
//
// Precision:
// - Integers wrap as two's complement: sums and products are computed in uint64_t (wrapping is
//   defined there) and truncated to the element width, which is the same value modulo 2^width.
// - ReduceSum of float, double, float16, bfloat16: the result is the exact sum rounded once to the
//   element type (nearest, ties to even), so it does not depend on the order of the elements or of
//   the axes. ExactSum holds the sum as a fixed-point integer over the whole double range; a fast
//   path adds blocks of float, bfloat16 and float16 elements in double when the block's exponent
//   spread proves every addition exact. Infinities and NaN follow IEEE: a NaN or both infinities
//   give NaN, one infinity gives that infinity. An exactly zero sum is -0 only when every element
//   is -0 (IEEE addition of zeros); an empty reduction gives +0.
// - ReduceProd of floating types: the product is accumulated in double, in index order, with the
//   exponent kept apart (so no intermediate product overflows or underflows), and rounded once to
//   the element type at the end. This is not the correctly rounded product in general: each
//   multiplication rounds to 53 bits, so the result may depend on the order for long runs. An
//   exact product needs a mantissa of 24 bits per float factor (a big integer growing with the
//   run); the double product is chosen as the reference's own precision or better (numpy
//   multiplies in the element type), exact for any two float16/bfloat16/float factors.
#include <cstdint>
#include <optional>
#include <string>
#include <span>
#include <vector>

#include "numeric/exact_sum.h"
#include "ops/registry.h"
#include "runtime/tensor.h"

namespace onnx_ref {

// Checks and normalizes reduction axes for an input of rank `rank`: each axis in [0, r-1], or in
// [-r, r-1] when `negative_allowed`; no axis twice (counting -1 and r-1 as the same axis).
// Returns them sorted, non-negative. Throws Error naming the axis and its index.
std::vector<int64_t> normalize_reduce_axes(std::span<const int64_t> axes, int64_t rank, bool negative_allowed);

// The output shape when reducing `input` over the normalized `axes` (empty: every axis).
// keepdims keeps each reduced axis as a dimension of size 1.
Shape reduce_output_shape(const Shape& input, std::span<const int64_t> axes, bool keepdims);

enum class ReduceKind { Sum, Prod };

// Reduces `data` over the normalized `axes` (empty: every axis). Output element type = input's.
// Empty reductions give the identity element (0 for Sum, 1 for Prod).
Tensor reduce_tensor(const Tensor& data, std::span<const int64_t> axes, bool keepdims, ReduceKind kind);

// One ReduceSum/ReduceProd version: `axes` is an attribute (before ReduceSum-13 and ReduceProd-18)
// or an optional int64 input with the attribute noop_with_empty_axes. keepdims and
// noop_with_empty_axes must be 0 or 1.
OpVersion make_reduce_version(const std::string& op_type, int since_version, const TypeSet& types, bool axes_input,
                              ReduceKind kind);

}  // namespace onnx_ref
