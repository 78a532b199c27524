#pragma once
// The shape rules of Concat and Split as pure functions (ops/movement/concat.cpp, split.cpp).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "ops/axis.h"
#include "runtime/tensor.h"

namespace onnx_ref {

// The output shape of Concat: equal ranks, equal dimensions but along the axis, whose sizes add up.
Shape concat_output_shape(const std::vector<Shape>& inputs, int64_t axis, AxisRange range);

// The sizes Split cuts an axis of `dim` elements into: `split` as given (one per output,
// non-negative, adding up to dim), or `num_outputs` chunks of ceil(dim / n) with a smaller last one
// (Split-18), or otherwise `output_count` equal parts.
std::vector<int64_t> split_sizes(int64_t dim, const std::optional<std::vector<int64_t>>& split,
                                 std::optional<int64_t> num_outputs, size_t output_count);

}  // namespace onnx_ref
