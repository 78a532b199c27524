// MaxUnpool's shape arithmetic (see unpool_rules.h).
#include "ops/pool/unpool_rules.h"

#include <string>

#include "runtime/error.h"

namespace onnx_ref::pool {

int64_t unpool_axis_length(int64_t in, int64_t kernel, int64_t stride, int64_t pad_begin, int64_t pad_end,
                           size_t axis) {
  const std::string where = " (spatial axis " + std::to_string(axis) + ")";
  if (kernel < 1) throw Error("kernel_shape " + std::to_string(kernel) + " must be at least 1" + where);
  if (stride < 1) throw Error("stride " + std::to_string(stride) + " must be at least 1" + where);
  if (pad_begin < 0 || pad_end < 0)
    throw Error("pads " + std::to_string(pad_begin) + ", " + std::to_string(pad_end) + " must not be negative" + where);
  constexpr __int128 kLimit = __int128{1} << 62;
  if (in < 1) throw Error("X has length " + std::to_string(in) + " where the unpooled length needs at least 1" + where);
  const __int128 len = static_cast<__int128>(in - 1) * stride - (static_cast<__int128>(pad_begin) + pad_end) + kernel;
  if (len < 0)
    throw Error("the unpooled length (" + std::to_string(in) + " - 1) * " + std::to_string(stride) + " - " +
                std::to_string(pad_begin + pad_end) + " + " + std::to_string(kernel) + " is negative" + where);
  if (len > kLimit) throw Error("the unpooled length is beyond 2^62" + where);
  return static_cast<int64_t>(len);
}

Shape unpooled_shape(const Shape& x, const std::vector<int64_t>& kernel, const std::vector<int64_t>* strides,
                     const std::vector<int64_t>* pads) {
  if (x.size() < 3) throw Error("X must have rank 3 or more [N, C, spatial...], but it is " + shape_to_string(x));
  const size_t r = x.size() - 2;
  if (kernel.size() != r)
    throw Error("attribute 'kernel_shape' " + shape_to_string(kernel) + " must have " + std::to_string(r) +
                " values, one per spatial axis");
  if (strides && strides->size() != r)
    throw Error("attribute 'strides' " + shape_to_string(*strides) + " must have " + std::to_string(r) + " values");
  if (pads && pads->size() != 2 * r)
    throw Error("attribute 'pads' " + shape_to_string(*pads) + " must have " + std::to_string(2 * r) + " values");
  Shape out{x[0], x[1]};
  for (size_t i = 0; i < r; ++i)
    out.push_back(unpool_axis_length(x[i + 2], kernel[i], strides ? (*strides)[i] : 1, pads ? (*pads)[i] : 0,
                                     pads ? (*pads)[r + i] : 0, i));
  if (!checked_element_count(out)) throw Error("the unpooled shape " + shape_to_string(out) + " is too large to count");
  return out;
}

}  // namespace onnx_ref::pool
