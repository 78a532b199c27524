#pragma once
// The floating inputs of DFT and STFT widened to doubles (exact), for ops/signal/dft_core.h.
#include <vector>

#include "runtime/numeric_dispatch.h"
#include "runtime/tensor.h"

namespace onnx_ref {

// Every element of a float, double, float16 or bfloat16 tensor as its exact double value.
inline std::vector<double> signal_samples(const Tensor& t) {
  std::vector<double> values(static_cast<size_t>(t.element_count()));
  dispatch_real(t.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (is_float_storage<S>) {
      const S* data = t.element_count() ? t.data_as<S>() : nullptr;
      for (size_t i = 0; i < values.size(); ++i) values[i] = widen(data[i]);
    } else {
      throw std::logic_error("signal_samples: not a floating tensor");
    }
  });
  return values;
}

// Calls f(TypeTag<S>{}) for the floating element types of DFT and STFT.
template <class F>
void dispatch_signal_float(ElementType type, F&& f) {
  dispatch_real(type, [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (is_float_storage<S>)
      f(tag);
    else
      throw std::logic_error("dispatch_signal_float: not a floating type");
  });
}

}  // namespace onnx_ref
