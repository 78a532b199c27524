#pragma once
// One axis attribute or input checked against a rank and made non-negative: shared by every
// operator with an `axis` (Concat, Split, Gather, GatherElements, ScatterElements, OneHot, ...).
#include <cstdint>
#include <string>

#include "runtime/error.h"

namespace onnx_ref {

// Which axis values a version accepts: the early versions take [0, r-1]; later ones [-r, r-1], a
// negative axis counting from the back.
enum class AxisRange { NonNegative, Signed };

// `axis` in [0, rank); Error naming the value and the valid range otherwise (INT64_MIN and
// INT64_MAX included: no overflow in axis + rank).
inline int64_t normalize_axis(int64_t axis, int64_t rank, AxisRange range, const char* what = "axis") {
  const int64_t low = range == AxisRange::Signed ? -rank : 0;
  if (axis < low || axis >= rank) {
    if (rank == 0)
      throw Error(std::string(what) + " = " + std::to_string(axis) + " is out of range: a scalar has no axis");
    throw Error(std::string(what) + " = " + std::to_string(axis) + " is out of range for rank " + std::to_string(rank) +
                " (valid: " + std::to_string(low) + " to " + std::to_string(rank - 1) + ")");
  }
  return axis < 0 ? axis + rank : axis;
}

}  // namespace onnx_ref
