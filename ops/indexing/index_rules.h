#pragma once
// Index values read from data, checked before use: shared by Gather, GatherElements, GatherND,
// ScatterND and ScatterElements.
#include <cstdint>
#include <string>

#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/tensor.h"

namespace onnx_ref {

// Element `i` of an int32/int64 index tensor made non-negative for an axis of size `dim`: a negative
// index counts from the back when `negative_allowed`; anything outside the valid range is an Error
// naming the position and value (INT64_MIN and INT64_MAX included).
inline int64_t checked_index(const Tensor& indices, int64_t i, int64_t dim, bool negative_allowed,
                             const char* what = "indices") {
  const int64_t v = read_int64(indices.type(), indices.data(), i);
  const int64_t low = negative_allowed ? -dim : 0;
  if (v < low || v >= dim)
    throw Error(std::string(what) + "[" + std::to_string(i) + "] = " + std::to_string(v) +
                " is out of range for a dimension of " + std::to_string(dim) +
                (dim == 0 ? " (it has no valid index)"
                          : " (valid: " + std::to_string(low) + " to " + std::to_string(dim - 1) + ")"));
  return v < 0 ? v + dim : v;
}

// Row-major strides of a shape, in elements.
inline std::vector<int64_t> row_major_strides(const Shape& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;) s[d - 1] = s[d] * shape[d];
  return s;
}

}  // namespace onnx_ref
