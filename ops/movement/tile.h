#pragma once
// Tile's rules as pure functions.
#include <cstdint>
#include <span>
#include <vector>

#include "runtime/tensor.h"

namespace onnx_ref {

// Tile: output dimension i is input dimension i times repeats[i]. `repeats` must have one entry
// per input dimension, none negative, and the output's element count must fit int64.
Shape tile_output_shape(const Shape& input, std::span<const int64_t> repeats);

// Tile-1: `tiles` copies along `axis` (0 to rank-1), as a repeats vector for tile_output_shape.
std::vector<int64_t> tile1_repeats(const Shape& input, int64_t tiles, int64_t axis);

// Tile-1's `tiles` and `axis` inputs are typed T (float16, float, double) in the schema: the one
// value of such a tensor (a scalar or a 1-element tensor) as an integer. `what` names the input in
// messages. A fraction, NaN, infinity or a value outside int64 is an error.
int64_t integer_from_float_tensor(const Tensor& t, const char* what);

// The input tiled `repeats` times (repeats already checked by tile_output_shape).
Tensor tile(const Tensor& input, std::span<const int64_t> repeats);

}  // namespace onnx_ref
