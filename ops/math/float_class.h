#pragma once
// IsNaN and IsInf: a bool per element from the class of a floating value. float, double, float16
// and bfloat16 go through the engine's storage types; the float8 types (IsNaN-20, IsInf-20) are
// decoded byte by byte (runtime/float_formats.h), so a format without infinities (E4M3FN, the FNUZ
// types) never reports one.
#include <cmath>
#include <functional>

#include "ops/math/elementwise.h"
#include "runtime/float_formats.h"

namespace onnx_ref::math {

// pred(value as double) for each element of x, as a bool tensor.
template <class Pred>
Tensor classify_floats(const Tensor& x, Pred pred) {
  Tensor out = Tensor::uninitialized(ElementType::Bool, x.shape());
  auto* po = reinterpret_cast<uint8_t*>(out.mutable_data());
  const int64_t n = x.element_count();
  switch (x.type()) {
    case ElementType::Float:
    case ElementType::Double:
    case ElementType::Float16:
    case ElementType::BFloat16:
      dispatch_real(x.type(), [&](auto tag) {
        using S = typename decltype(tag)::type;
        if constexpr (is_float_storage<S>)
          unary_map(x.data_as<S>(), po, n, [&](S v) -> uint8_t { return pred(widen(v)); });
      });
      return out;
    default: {
      const auto* pb = reinterpret_cast<const uint8_t*>(x.data());
      for (int64_t i = 0; i < n; ++i) po[i] = pred(decode_small_float(x.type(), pb[i])) ? 1 : 0;
      return out;
    }
  }
}

}  // namespace onnx_ref::math
