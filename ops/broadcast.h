#pragma once
// Multidirectional (NumPy) broadcasting, shared by every operator that broadcasts: Expand, Where,
// and the element-wise arithmetic and comparison operators. Shapes are aligned on the right; a
// dimension of 1 stretches to the other's; anything else must be equal.
#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "runtime/error.h"
#include "runtime/tensor.h"

namespace onnx_ref {

// The broadcast shape of all `shapes`. Throws Error naming the shapes and the first dimension that
// differs, e.g. "shapes [2, 3] and [4] cannot be broadcast (dimension 3 vs 4)".
Shape broadcast_shapes(std::span<const Shape> shapes);
inline Shape broadcast_shapes(const Shape& a, const Shape& b) {
  const Shape both[] = {a, b};
  return broadcast_shapes(both);
}

// For an input of shape `in` broadcast to `out`: the flat-index stride of each output dimension in
// the input (0 where the input is stretched or missing). `in` must broadcast to `out`.
std::vector<int64_t> broadcast_strides(const Shape& in, const Shape& out);

// Visits the output of shape `out` row by row (a row is its last dimension) and gives, for each row,
// the output's flat offset, each input's flat offset and each input's step along the row (1, or 0
// where the input is stretched): f(out_offset, in_offsets, in_steps, row_length).
// Element-wise kernels run a tight loop per row; there are no per-element index computations.
template <size_t N, class F>
void for_each_broadcast_row(const Shape& out, const std::array<const Shape*, N>& ins, F&& f) {
  const size_t rank = out.size();
  const int64_t total = [&] {
    int64_t n = 1;
    for (int64_t d : out) n *= d;
    return n;
  }();
  if (total == 0) return;
  std::array<std::vector<int64_t>, N> strides;
  for (size_t k = 0; k < N; ++k) strides[k] = broadcast_strides(*ins[k], out);
  const int64_t row = rank ? out[rank - 1] : 1;
  std::array<int64_t, N> step{};
  for (size_t k = 0; k < N; ++k) step[k] = rank ? strides[k][rank - 1] : 0;
  std::array<int64_t, N> offset{};
  std::vector<int64_t> counter(rank > 0 ? rank - 1 : 0, 0);
  for (int64_t out_offset = 0; out_offset < total; out_offset += row) {
    f(out_offset, offset, step, row);
    // Advance the odometer over the outer dimensions, updating each input's offset.
    for (size_t d = counter.size(); d-- > 0;) {
      if (++counter[d] < out[d]) {
        for (size_t k = 0; k < N; ++k) offset[k] += strides[k][d];
        break;
      }
      for (size_t k = 0; k < N; ++k) offset[k] -= strides[k][d] * (out[d] - 1);
      counter[d] = 0;
    }
  }
}

}  // namespace onnx_ref
