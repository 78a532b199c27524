// Every Reshape and Flatten version: which version an opset resolves to, and each element type at
// its boundary (the first opset that accepts it, and the last that refuses it).
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include <map>

#include "model_builder.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

// The first opset at which each element type is allowed, written from the spec's change log.
// Reshape and Flatten add types at the same opsets except two: when the classic types (ints, bool,
// string, ...) arrive, and when the float8 types do; those two are the parameters.
int first_opset(T t, int classic_since, int float8_since) {
  switch (t) {
    case T::Float16:
    case T::Float:
    case T::Double:
      return 1;
    case T::BFloat16:
      return 13;
    case T::Float8E4M3FN:
    case T::Float8E4M3FNUZ:
    case T::Float8E5M2:
    case T::Float8E5M2FNUZ:
      return float8_since;
    case T::UInt4:
    case T::Int4:
      return 21;
    case T::Float4E2M1:
      return 23;
    case T::Float8E8M0:
      return 24;
    case T::UInt2:
    case T::Int2:
      return 25;
    default:
      return classic_since;
  }
}

// Reshape: float16/float/double since 1, the other classic types since 5, bfloat16 since 13,
// float8 since 19, 4-bit ints since 21, float4e2m1 since 23, float8e8m0 since 24, 2-bit since 25.
int reshape_first_opset(T t) { return first_opset(t, 5, 19); }

// Flatten: float16/float/double since 1, the classic types since 9, bfloat16 since 13, float8 and
// 4-bit ints since 21, float4e2m1 since 23, float8e8m0 since 24, 2-bit since 25.
int flatten_first_opset(T t) { return first_opset(t, 9, 21); }

// A tensor of shape [2, 3] with distinct bytes, so that a reordering would show.
Tensor sample(T type) {
  const Shape shape{2, 3};
  if (type == T::String) return Tensor::from_strings(shape, {"a", "b", std::string("c\0d", 3), "e", "\xff", ""});
  Tensor t = Tensor::zeros(type, shape);
  for (size_t i = 0; i < t.bytes().size(); ++i)
    t.mutable_data()[i] = std::byte(i * 37 % 97 & (type == T::Bool ? 1 : 0xff));
  return t;
}

Model reshape_model(T type, int64_t opset) {
  ModelBuilder b(opset);
  b.input("x", type, {2, 3}).output("y");
  if (opset < 5) {
    set_ints(b.node("Reshape", {"x"}, {"y"}), "shape", {3, 2});
  } else {
    b.initializer("shape", int64_tensor({3, -1}));
    b.node("Reshape", {"x", "shape"}, {"y"});
  }
  return b.build();
}

Model flatten_model(T type, int64_t opset, int64_t axis = 1) {
  ModelBuilder b(opset);
  b.input("x", type, {2, 3}).output("y");
  set_int(b.node("Flatten", {"x"}, {"y"}), "axis", axis);
  return b.build();
}

void check_shares_input(const Model& model, const Tensor& x, const Shape& expected_shape) {
  const auto out = model.run({{"x", x}});
  REQUIRE(out.size() == 1);
  const Tensor& y = out[0].second.tensor();
  CHECK(y.shape() == expected_shape);
  CHECK(y.type() == x.type());
  CHECK(y.shares_storage_with(x));
  CHECK(y.reshaped(x.shape()).identical_to(x));
}

}  // namespace
