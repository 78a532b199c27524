#pragma once
// How QuantizeLinear and DequantizeLinear pair each element of x with its scale and zero point:
// per tensor (a scalar, or a one-element 1-D tensor, as onnxruntime reads it), per axis (a 1-D tensor of x.shape[axis]
// elements) or blocked (x's shape with ceil(D / block_size) at the axis, from version 21). The zero
// point, when given, must have the scale's shape.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "ops/axis.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/tensor.h"

namespace onnx_ref::quant {

struct QuantLayout {
  enum class Kind { PerTensor, PerAxis, Blocked } kind = Kind::PerTensor;
  int64_t axis_len = 1, inner = 1, block = 1, scale_axis_len = 1;
  // The index of the scale (and zero point) of x's flat element i.
  int64_t scale_index(int64_t i) const {
    if (kind == Kind::PerTensor) return 0;
    const int64_t a = (i / inner) % axis_len;
    if (kind == Kind::PerAxis) return a;
    const int64_t o = i / (inner * axis_len);
    return (o * scale_axis_len + a / block) * inner + i % inner;
  }
};

// `has_axis`: the version has the axis attribute (13 on); `block_size` 0 when not blocked.
inline QuantLayout quant_layout(const Tensor& x, const Tensor& scale, const Tensor* zero_point, bool has_axis,
                                int64_t axis_attr, int64_t block_size, const std::string& scale_name) {
  // A one-element zero point goes with a one-element scale whatever their ranks (ONNX's own tests
  // pair a scalar scale with a [1] zero point).
  const bool both_single = scale.rank() <= 1 && scale.element_count() == 1 &&
                           (!zero_point || (zero_point->rank() <= 1 && zero_point->element_count() == 1));
  if (zero_point && !both_single && zero_point->shape() != scale.shape())
    throw Error("the zero point " + zero_point->describe() + " must have the shape of " + scale_name + " " +
                scale.describe());
  QuantLayout l;
  if (block_size < 0) throw Error("attribute 'block_size' must not be negative, got " + std::to_string(block_size));
  if (block_size == 0 && scale.rank() <= 1 && scale.element_count() == 1) return l;
  if (!has_axis)
    throw Error(scale_name + " " + scale.describe() + " must be a scalar (this version quantizes per tensor only)");
  if (x.rank() == 0) throw Error(scale_name + " " + scale.describe() + " must be a scalar for a scalar input");
  const int64_t axis = normalize_axis(axis_attr, static_cast<int64_t>(x.rank()), AxisRange::Signed);
  const Shape& xs = x.shape();
  l.axis_len = xs[static_cast<size_t>(axis)];
  for (size_t d = static_cast<size_t>(axis) + 1; d < xs.size(); ++d) l.inner *= xs[d];
  if (block_size == 0) {
    if (scale.rank() != 1 || scale.shape()[0] != l.axis_len)
      throw Error(scale_name + " " + scale.describe() + " must be a scalar or a 1-D tensor of x.shape[" +
                  std::to_string(axis) + "] = " + std::to_string(l.axis_len) + " elements for x " + x.describe());
    l.kind = QuantLayout::Kind::PerAxis;
    return l;
  }
  l.kind = QuantLayout::Kind::Blocked;
  l.block = block_size;
  l.scale_axis_len = l.axis_len == 0 ? 0 : (l.axis_len - 1) / block_size + 1;
  Shape expect = xs;
  expect[static_cast<size_t>(axis)] = l.scale_axis_len;
  if (scale.shape() != expect)
    throw Error(scale_name + " " + scale.describe() + " must have shape " + shape_to_string(expect) + " for x " +
                x.describe() + ", axis " + std::to_string(axis) + " and block_size " + std::to_string(block_size));
  return l;
}

}  // namespace onnx_ref::quant

namespace onnx_ref::quant {

// The range a quantized integer type saturates to; nullopt for the float8 and float4 types.
inline std::optional<std::pair<int64_t, int64_t>> quant_integer_range(ElementType type) {
  switch (type) {
    case ElementType::UInt8:
      return std::pair<int64_t, int64_t>{0, 255};
    case ElementType::Int8:
      return std::pair<int64_t, int64_t>{-128, 127};
    case ElementType::UInt16:
      return std::pair<int64_t, int64_t>{0, 65535};
    case ElementType::Int16:
      return std::pair<int64_t, int64_t>{-32768, 32767};
    case ElementType::UInt4:
      return std::pair<int64_t, int64_t>{0, 15};
    case ElementType::Int4:
      return std::pair<int64_t, int64_t>{-8, 7};
    case ElementType::UInt2:
      return std::pair<int64_t, int64_t>{0, 3};
    case ElementType::Int2:
      return std::pair<int64_t, int64_t>{-2, 1};
    case ElementType::Int32:
      return std::pair<int64_t, int64_t>{INT32_MIN, INT32_MAX};
    default:
      return std::nullopt;
  }
}

}  // namespace onnx_ref::quant

namespace onnx_ref::quant {

// Integer element i of a quantized integer type (signed or unsigned, packed included), exactly.
inline int64_t quant_read_integer(ElementType type, const std::byte* data, int64_t i) {
  return info(type).kind == ElementKind::UnsignedInt ? static_cast<int64_t>(read_uint64(type, data, i))
                                                     : read_int64(type, data, i);
}

}  // namespace onnx_ref::quant
