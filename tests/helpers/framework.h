// The pieces every operator shares: values that are not tensors, element copies by size, the
// broadcasting helper, formal parameters and the numeric dispatch.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include <complex>
#include <cstring>

#include "ops/broadcast.h"
#include "ops/registry.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/value.h"

using namespace onnx_ref;
using T = ElementType;

namespace {

// A packed tensor with varied bit patterns, unused high bits of the last byte zero.
Tensor iota(ElementType type, Shape shape) {
  Tensor t = Tensor::zeros(type, std::move(shape));
  auto* p = t.mutable_data();
  const size_t n = t.bytes().size();
  for (size_t i = 0; i < n; ++i) p[i] = static_cast<std::byte>(i * 73 + 0x5B);
  const int used = static_cast<int>((t.element_count() * bits_of(type)) % 8);
  if (used) p[n - 1] &= static_cast<std::byte>((1u << used) - 1);
  return t;
}

// Element i as its stored bytes (byte-sized types) or bits (packed types): exact, any width.
std::string elem(const Tensor& t, int64_t i) {
  if (is_sub_byte(t.type())) return std::to_string(read_bits(t.type(), t.data(), i));
  const size_t w = static_cast<size_t>(bits_of(t.type()) / 8);
  return std::string(reinterpret_cast<const char*>(t.data()) + static_cast<size_t>(i) * w, w);
}

std::vector<uint64_t> bits(const Tensor& t) {
  std::vector<uint64_t> out;
  for (int64_t i = 0; i < t.element_count(); ++i) out.push_back(read_bits(t.type(), t.data(), i));
  return out;
}

}  // namespace
