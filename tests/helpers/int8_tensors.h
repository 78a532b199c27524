#pragma once
// int8 and uint8 operands for the ConvInteger and MatMulInteger kernel tests: values kept as int32
// for the oracles' int64 arithmetic, drawn uniformly or from the type's two ends; and the int32
// wrap of an exact sum.
#include <cstdint>
#include <random>
#include <vector>

#include "runtime/tensor.h"

namespace onnx_ref::testing {

struct Int8Tensor {
  ElementType type = ElementType::UInt8;
  Shape shape;
  std::vector<int32_t> v;
  Tensor tensor() const {
    if (type == ElementType::Int8)
      return Tensor::from_values<int8_t>(type, shape, std::vector<int8_t>(v.begin(), v.end()));
    return Tensor::from_values<uint8_t>(type, shape, std::vector<uint8_t>(v.begin(), v.end()));
  }
};

inline int64_t count(const Shape& s) {
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  return n;
}

// Values of `type`: uniform over its range, or (extreme) only its two ends.
inline Int8Tensor random_int8(std::mt19937& rng, ElementType type, const Shape& shape, bool extreme = false) {
  const int lo = type == ElementType::Int8 ? -128 : 0, hi = type == ElementType::Int8 ? 127 : 255;
  std::uniform_int_distribution<int> d(lo, hi), e(0, 1);
  Int8Tensor t{type, shape, {}};
  for (int64_t i = 0; i < count(shape); ++i) t.v.push_back(extreme ? (e(rng) ? hi : lo) : d(rng));
  return t;
}

// The int32 two's-complement wrap of an exact sum.
inline int32_t wrap32(int64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(v))); }

}  // namespace onnx_ref::testing
