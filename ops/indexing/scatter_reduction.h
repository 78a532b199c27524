#pragma once
// How ScatterND and ScatterElements combine an update with the element already there: `reduction`
// none (replace), add, mul (16 on), max, min (18 on). Computed in the element type: integers wrap as
// two's complement; float and double natively; float16 and bfloat16 through double, rounded once;
// bool as logic (add and max: or, mul and min: and), as NumPy does; max and min propagate NaN.
// Strings and complex numbers take only `none`.
#include <string>

#include "runtime/element_copy.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/tensor.h"

namespace onnx_ref {

enum class ScatterReduction { None, Add, Mul, Max, Min };

inline ScatterReduction parse_scatter_reduction(const std::string& text, int since) {
  if (text == "none") return ScatterReduction::None;
  if (text == "add") return ScatterReduction::Add;
  if (text == "mul") return ScatterReduction::Mul;
  if (since >= 18 && text == "max") return ScatterReduction::Max;
  if (since >= 18 && text == "min") return ScatterReduction::Min;
  throw Error("reduction " + quote_text(text) + " is not one of " +
              (since >= 18 ? "none, add, mul, max, min" : "none, add, mul"));
}

namespace scatter_detail {

template <class S>
S combine(S a, S b, ScatterReduction r) {
  if constexpr (std::is_same_v<S, BoolByte>) {
    const bool x = a.value != 0, y = b.value != 0;
    const bool v = (r == ScatterReduction::Add || r == ScatterReduction::Max) ? (x || y) : (x && y);
    return {static_cast<uint8_t>(v)};
  } else if constexpr (is_float_storage<S>) {
    const double x = widen(a), y = widen(b);
    double v = 0;
    switch (r) {
      case ScatterReduction::Add:
        v = x + y;
        break;
      case ScatterReduction::Mul:
        v = x * y;
        break;
      case ScatterReduction::Max:
        v = (x != x || y != y) ? (x != x ? x : y) : (x > y ? x : y);
        break;
      case ScatterReduction::Min:
        v = (x != x || y != y) ? (x != x ? x : y) : (x < y ? x : y);
        break;
      case ScatterReduction::None:
        v = y;
        break;
    }
    if constexpr (std::is_same_v<S, float>) {
      // float: the exact sum or product rounded once (double holds it, or rounds innocuously).
      return static_cast<float>(v);
    } else {
      return narrow<S>(v);
    }
  } else {
    using U = std::make_unsigned_t<S>;
    switch (r) {
      case ScatterReduction::Add:
        return static_cast<S>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
      case ScatterReduction::Mul:
        return static_cast<S>(static_cast<U>(static_cast<U>(a) * static_cast<U>(b)));
      case ScatterReduction::Max:
        return a > b ? a : b;
      case ScatterReduction::Min:
        return a < b ? a : b;
      case ScatterReduction::None:
        return b;
    }
    return b;
  }
}

}  // namespace scatter_detail

// out[dst .. dst+count) combined with updates[src .. src+count).
inline void scatter_apply(Tensor& out, int64_t dst, const Tensor& updates, int64_t src, int64_t count,
                          ScatterReduction r) {
  if (r == ScatterReduction::None) return copy_elements(updates, src, out, dst, count);
  const ElementType type = out.type();
  if (type == ElementType::String || info(type).kind == ElementKind::Complex)
    throw Error("a reduction other than 'none' is not defined for " + std::string(name_of(type)));
  dispatch_real(type, [&](auto tag) {
    using S = typename decltype(tag)::type;
    S* o = reinterpret_cast<S*>(out.mutable_data()) + dst;
    const S* u = reinterpret_cast<const S*>(updates.data()) + src;
    for (int64_t i = 0; i < count; ++i) o[i] = scatter_detail::combine(o[i], u[i], r);
  });
}

// A copy of `data` to scatter into (the output starts as the data).
inline Tensor scatter_base(const Tensor& data) {
  Tensor out = Tensor::uninitialized(data.type(), data.shape());
  copy_elements(data, 0, out, 0, data.element_count());
  return out;
}

}  // namespace onnx_ref
