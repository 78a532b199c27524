#include "ops/slices.h"

#include <string>

#include "runtime/element_copy.h"
#include "runtime/error.h"

namespace onnx_ref {

Tensor slice_along(const Tensor& t, int64_t axis, int64_t index) {
  const Shape& shape = t.shape();
  Shape out_shape = shape;
  out_shape.erase(out_shape.begin() + axis);
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < axis; ++i) outer *= shape[static_cast<size_t>(i)];
  for (size_t i = static_cast<size_t>(axis) + 1; i < shape.size(); ++i) inner *= shape[i];
  const int64_t len = shape[static_cast<size_t>(axis)];
  Tensor out = Tensor::uninitialized(t.type(), out_shape);
  for (int64_t o = 0; o < outer && inner > 0; ++o) copy_elements(t, (o * len + index) * inner, out, o * inner, inner);
  return out;
}

Tensor stack_along(const std::vector<Tensor>& slices, int64_t axis, ElementType type, const Shape& empty_shape) {
  const Shape& slice_shape = slices.empty() ? empty_shape : slices.front().shape();
  const auto len = static_cast<int64_t>(slices.size());
  for (size_t t = 1; t < slices.size(); ++t)
    if (slices[t].shape() != slice_shape)
      throw Error("scan output of iteration " + std::to_string(t) + " is " + slices[t].describe() +
                  " but iteration 0 gave " + slices.front().describe() + " (every iteration must give the same shape)");
  Shape out_shape = slice_shape;
  out_shape.insert(out_shape.begin() + axis, len);
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < axis; ++i) outer *= slice_shape[static_cast<size_t>(i)];
  for (size_t i = static_cast<size_t>(axis); i < slice_shape.size(); ++i) inner *= slice_shape[i];
  Tensor out = Tensor::uninitialized(type, out_shape);
  for (int64_t p = 0; p < len && inner > 0; ++p)
    for (int64_t o = 0; o < outer; ++o)
      copy_elements(slices[static_cast<size_t>(p)], o * inner, out, (o * len + p) * inner, inner);
  return out;
}

}  // namespace onnx_ref
