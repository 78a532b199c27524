#pragma once
// The 8-bit operands of MatMulInteger and ConvInteger with their zero points subtracted, as int32
// (exact: every difference lies in [-255, 255]).
#include <cstdint>
#include <string>
#include <type_traits>

#include "ops/broadcast.h"
#include "runtime/error.h"
#include "runtime/tensor.h"

namespace onnx_ref::linalg {

// x - zero_point as an int32 tensor of x's shape. `zero_point` (null: 0) has x's element type and is
// read as `zp_shape`, which must broadcast to x's shape (the caller has checked it names a
// per-tensor, per-row or per-channel zero point).
inline Tensor subtract_zero_point(const Tensor& x, const Tensor* zero_point, const Shape& zp_shape) {
  Tensor out = Tensor::uninitialized(ElementType::Int32, x.shape());
  int32_t* y = reinterpret_cast<int32_t*>(out.mutable_data());
  auto run = [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* px = x.data_as<S>();
    if (!zero_point) {
      for (int64_t i = 0; i < x.element_count(); ++i) y[i] = px[i];
      return;
    }
    const S* pz = zero_point->data_as<S>();
    const Shape& xs = x.shape();
    for_each_broadcast_row<2>(
        xs, {&xs, &zp_shape},
        [&](int64_t o, const std::array<int64_t, 2>& off, const std::array<int64_t, 2>& step, int64_t n) {
          for (int64_t j = 0; j < n; ++j)
            y[o + j] = static_cast<int32_t>(px[off[0] + j * step[0]]) - static_cast<int32_t>(pz[off[1] + j * step[1]]);
        });
  };
  if (x.type() == ElementType::Int8)
    run(std::type_identity<int8_t>{});
  else if (x.type() == ElementType::UInt8)
    run(std::type_identity<uint8_t>{});
  else
    throw std::logic_error("subtract_zero_point: no kernel for " + std::string(name_of(x.type())));
  return out;
}

}  // namespace onnx_ref::linalg

namespace onnx_ref::linalg {

// The shape a zero point is read as against operand `x`: a scalar (rank 0, or one element) applies
// to every element; otherwise `along` is the axis of x the zero point must be constant along
// (MatMulInteger: K), `vector_axis` the axis a 1-D zero point runs along (the rows of A, the
// columns of B, the output channels of ConvInteger's W), and a zero point of x's rank must have 1
// at `along` and broadcast to x. Throws Error naming the operand and the allowed shapes.
inline Shape zero_point_shape(const Tensor& zp, const Tensor& x, const std::string& zp_name, size_t vector_axis,
                              size_t along, bool allow_full_rank) {
  const Shape& zs = zp.shape();
  const Shape& xs = x.shape();
  if (zs.size() <= 1 && zp.element_count() == 1) return Shape{};
  if (zs.size() == 1 && vector_axis < xs.size() && zs[0] == xs[vector_axis]) {
    Shape s(xs.size() - vector_axis, 1);
    s[0] = zs[0];
    return s;
  }
  if (allow_full_rank && zs.size() == xs.size() && along < xs.size() && zs[along] == 1) {
    bool fits = true;
    for (size_t d = 0; d < xs.size(); ++d) fits = fits && (zs[d] == 1 || zs[d] == xs[d]);
    if (fits) return zs;
  }
  throw Error(zp_name + " " + zp.describe() + " must be a scalar" +
              (vector_axis < xs.size() ? ", a 1-D tensor of " + std::to_string(xs[vector_axis]) + " elements" : "") +
              (allow_full_rank ? " or of rank " + std::to_string(xs.size()) + " with 1 at axis " +
                                     std::to_string(along) + " broadcasting to " + shape_to_string(xs)
                               : "") +
              " for " + x.describe());
}

}  // namespace onnx_ref::linalg
