#pragma once
// The shape rules of Squeeze, Unsqueeze and Shape as pure functions: no tensors, no registry. Each
// broken rule throws Error naming the rule and the offending value.
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "runtime/tensor.h"

namespace onnx_ref {

// Which axis values a version accepts: Squeeze-1 and Unsqueeze-1 take only [0, r-1]; from version
// 11 on, [-r, r-1] with a negative axis counting from the back.
enum class NegativeAxes { Refused, FromBack };

// Each of `axes` checked against `rank` and made non-negative, in the given order. Out-of-range
// axes (INT64_MIN and INT64_MAX included) and two entries naming the same axis are errors;
// `rank_name` names the rank the axes refer to in messages ("the input rank", "the output rank").
std::vector<int64_t> normalize_axes(std::span<const int64_t> axes, int64_t rank, NegativeAxes negative,
                                    const char* rank_name);

// The output shape of Squeeze. Without axes (nullopt) every dimension of size 1 goes; with axes,
// exactly those dimensions go and each must be 1. An empty list removes nothing.
Shape squeeze_output_shape(const Shape& input, const std::optional<std::vector<int64_t>>& axes, NegativeAxes negative);

// The output shape of Unsqueeze: the axes name positions in the OUTPUT, whose rank is the input
// rank plus the number of axes; the input dimensions fill the other positions in order.
Shape unsqueeze_output_shape(const Shape& input, std::span<const int64_t> axes, NegativeAxes negative);

// The values of the `axes` input of Squeeze-13 and Unsqueeze-13 onward: a 1-D int64 tensor.
std::vector<int64_t> read_axes_input(const Tensor& axes);

// The half-open range [first, last) of dimensions Shape-15 onward returns for `start` and `end`
// (nullopt: the rank): a negative value counts from the back, then both are clamped to [0, rank];
// start >= end gives an empty range (first == last).
std::pair<int64_t, int64_t> shape_slice_range(int64_t rank, int64_t start, std::optional<int64_t> end);

}  // namespace onnx_ref
