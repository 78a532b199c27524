#pragma once
// Compile-time dispatch over the floating element types (type_sets::kFloatsIR4: float16, float,
// double, bfloat16), for kernels that exist only for them: the template is instantiated for those
// four storage types alone, so no kernel needs a "not a float" branch of its own.
#include <stdexcept>
#include <string>
#include <string_view>

#include "runtime/element_type.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

// Calls f(TypeTag<S>{}) with S the storage type of `type` (float, double, Float16Bits,
// BFloat16Bits). Any other type is a logic_error naming `kernel`: the version table allowed a type
// its kernel does not handle.
template <class F>
decltype(auto) dispatch_float(ElementType type, std::string_view kernel, F&& f) {
  switch (type) {
    case ElementType::Float:
      return f(TypeTag<float>{});
    case ElementType::Double:
      return f(TypeTag<double>{});
    case ElementType::Float16:
      return f(TypeTag<Float16Bits>{});
    case ElementType::BFloat16:
      return f(TypeTag<BFloat16Bits>{});
    default:
      throw std::logic_error(std::string(kernel) + ": no kernel for " + std::string(name_of(type)));
  }
}

}  // namespace onnx_ref
