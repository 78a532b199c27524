// Transpose, Expand, Tile, Where, Compress and NonZero: their rules on shapes, perms, repeats and
// axes, every error message, and their kernels against element-by-element references for every
// storage width (1 to 16 bytes, packed 4- and 2-bit, strings).
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>

#include "int64_limits.h"
#include "model_builder.h"
#include "ops/indexing/compress.h"
#include "ops/indexing/non_zero.h"
#include "ops/indexing/where.h"
#include "ops/movement/expand.h"
#include "ops/movement/tile.h"
#include "ops/movement/transpose.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

// A tensor of `shape` whose elements all differ (as far as the type's width allows): bytes from a
// fixed random sequence; strings "s0", "s1", ...
Tensor patterned(ElementType type, Shape shape, uint32_t seed = 1) {
  Tensor t = Tensor::zeros(type, std::move(shape));
  if (type == T::String) {
    auto& s = t.mutable_strings();
    for (size_t i = 0; i < s.size(); ++i) s[i] = "s" + std::to_string(i);
    return t;
  }
  std::mt19937 rng(seed);
  const uint64_t bytes = storage_bytes(type, static_cast<uint64_t>(t.element_count()));
  for (uint64_t i = 0; i < bytes; ++i) t.mutable_data()[i] = static_cast<std::byte>(rng());
  if (is_sub_byte(type) && t.element_count() > 0) {  // unused bits of the last byte stay zero
    const int per_byte = 8 / bits_of(type);
    const int used = static_cast<int>(t.element_count() % per_byte);
    if (used) t.mutable_data()[bytes - 1] &= static_cast<std::byte>((1u << (used * bits_of(type))) - 1);
  }
  return t;
}

std::vector<int64_t> row_major_strides(const Shape& s) {
  std::vector<int64_t> st(s.size());
  int64_t k = 1;
  for (size_t i = s.size(); i-- > 0;) {
    st[i] = k;
    k *= s[i];
  }
  return st;
}

// Calls f(coordinates, flat index) for every element of `shape`, in row-major order.
template <class F>
void for_each_index(const Shape& shape, F&& f) {
  const int64_t n = checked_element_count(shape).value();
  std::vector<int64_t> idx(shape.size(), 0);
  for (int64_t flat = 0; flat < n; ++flat) {
    f(idx, flat);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

Tensor naive_transpose(const Tensor& in, const std::vector<int64_t>& perm) {
  Shape out_shape(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) out_shape[i] = in.shape()[static_cast<size_t>(perm[i])];
  Tensor out = Tensor::zeros(in.type(), out_shape);
  const auto in_st = row_major_strides(in.shape());
  for_each_index(out_shape, [&](const std::vector<int64_t>& idx, int64_t flat) {
    int64_t src = 0;
    for (size_t i = 0; i < perm.size(); ++i) src += idx[i] * in_st[static_cast<size_t>(perm[i])];
    copy_elements(in, src, out, flat, 1);
  });
  return out;
}

// Element (index) of `in` broadcast to `out_shape`, by coordinates.
int64_t broadcast_source(const Shape& in, const Shape& out_shape, const std::vector<int64_t>& idx) {
  const auto st = row_major_strides(in);
  int64_t src = 0;
  for (size_t i = 0; i < in.size(); ++i) {
    const size_t d = out_shape.size() - in.size() + i;
    src += (in[i] == 1 ? 0 : idx[d]) * st[i];
  }
  return src;
}

Tensor naive_expand(const Tensor& in, const Shape& out_shape) {
  Tensor out = Tensor::zeros(in.type(), out_shape);
  for_each_index(out_shape, [&](const std::vector<int64_t>& idx, int64_t flat) {
    copy_elements(in, broadcast_source(in.shape(), out_shape, idx), out, flat, 1);
  });
  return out;
}

Tensor naive_tile(const Tensor& in, const std::vector<int64_t>& repeats) {
  Shape out_shape(in.shape().size());
  for (size_t i = 0; i < out_shape.size(); ++i) out_shape[i] = in.shape()[i] * repeats[i];
  Tensor out = Tensor::zeros(in.type(), out_shape);
  const auto st = row_major_strides(in.shape());
  for_each_index(out_shape, [&](const std::vector<int64_t>& idx, int64_t flat) {
    int64_t src = 0;
    for (size_t i = 0; i < idx.size(); ++i) src += (idx[i] % in.shape()[i]) * st[i];
    copy_elements(in, src, out, flat, 1);
  });
  return out;
}

const ElementType kEveryWidth[] = {T::UInt8, T::Float16, T::Float,  T::Double, T::Complex128,
                                   T::Int4,  T::UInt2,   T::String, T::Bool,   T::Complex64};

Tensor bools(Shape shape, const std::vector<uint8_t>& v) {
  return Tensor::from_values<uint8_t>(T::Bool, std::move(shape), v);
}
Tensor floats(Shape shape, const std::vector<float>& v) {
  return Tensor::from_values<float>(T::Float, std::move(shape), v);
}
Tensor int64s(Shape shape, const std::vector<int64_t>& v) {
  return Tensor::from_values<int64_t>(T::Int64, std::move(shape), v);
}

std::vector<float> float_values(const Tensor& t) {
  return std::vector<float>(t.data_as<float>(), t.data_as<float>() + t.element_count());
}
std::vector<int64_t> int64_values(const Tensor& t) {
  return std::vector<int64_t>(t.data_as<int64_t>(), t.data_as<int64_t>() + t.element_count());
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Transpose

// ---------------------------------------------------------------------------------------------
// Expand

// ---------------------------------------------------------------------------------------------
// Tile

// ---------------------------------------------------------------------------------------------
// Where

// ---------------------------------------------------------------------------------------------
// Compress

// ---------------------------------------------------------------------------------------------
// NonZero

// ---------------------------------------------------------------------------------------------
// Through models: attribute checks at load, type constraints.
