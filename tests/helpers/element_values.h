// Tensors from lists of element values, and a tensor's elements back as a list: shared by the
// operator helpers (activation_ops.h, gemm.h, math_ops.h, transcendental_ops.h).
#pragma once
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "runtime/tensor.h"

namespace {

template <class V>
onnx_ref::Tensor vec(onnx_ref::ElementType type, std::vector<V> values) {
  const int64_t n = static_cast<int64_t>(values.size());
  return onnx_ref::Tensor::from_values<V>(type, {n}, values);
}

template <class V>
onnx_ref::Tensor make(onnx_ref::ElementType type, onnx_ref::Shape shape, std::vector<V> values) {
  return onnx_ref::Tensor::from_values<V>(type, std::move(shape), values);
}

template <class V>
std::vector<V> values(const onnx_ref::Tensor& t) {
  std::vector<V> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(V));
  return v;
}

}  // namespace
