#pragma once
// Slice's index arithmetic as a pure function: per axis, where the slice starts, its step and how
// many elements it takes.
#include <cstdint>

namespace onnx_ref {

struct SliceRange {
  int64_t start;  // the first index taken (meaningless when count is 0)
  int64_t step;
  int64_t count;  // elements taken
};

// The spec's rule for one axis of size `dim`: a negative start or end counts from the back (adds
// dim); then for a positive step start and end are clamped to [0, dim], for a negative one start to
// [0, dim - 1] and end to [-1, dim - 1]; the count is ceil((end - start) / step), at least 0.
// (For a negative step and a start before the beginning, this takes element 0 where NumPy's slicing,
// which ONNX's Python reference uses, takes nothing: onnx-ref follows the spec's text.)
// Computed in 128-bit arithmetic, so INT64_MIN and INT64_MAX starts, ends and steps are exact.
// step 0 is an Error.
SliceRange slice_range(int64_t dim, int64_t start, int64_t end, int64_t step);

}  // namespace onnx_ref
