// Small float and int64 tensors of a shape and values, and their elements back: the rule tests'
// inputs and outputs.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "runtime/tensor.h"

namespace onnx_ref::testing::rule_tensors {

inline Tensor f32(Shape s, std::vector<float> v) {
  return Tensor::from_values<float>(ElementType::Float, std::move(s), v);
}
inline Tensor i64(Shape s, std::vector<int64_t> v) {
  return Tensor::from_values<int64_t>(ElementType::Int64, std::move(s), v);
}
inline std::vector<float> floats(const Tensor& t) {
  return {t.data_as<float>(), t.data_as<float>() + t.element_count()};
}
inline std::vector<int64_t> ints(const Tensor& t) {
  return {t.data_as<int64_t>(), t.data_as<int64_t>() + t.element_count()};
}

}  // namespace onnx_ref::testing::rule_tensors
