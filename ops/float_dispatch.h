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
  const bool floating = type == ElementType::Float || type == ElementType::Double || type == ElementType::Float16 ||
                        type == ElementType::BFloat16;
  if (!floating) throw std::logic_error(std::string(kernel) + ": no kernel for " + std::string(name_of(type)));
  // dispatch_real's switch serves here too; its other storage types are unreachable after the check
  // above, but need an instantiation that returns the same type as the floating ones.
  using Result = decltype(f(TypeTag<float>{}));
  return dispatch_real(type, [&](auto tag) -> Result {
    if constexpr (is_float_storage<typename decltype(tag)::type>)
      return f(tag);
    else
      throw std::logic_error(std::string(kernel) + ": no kernel for " + std::string(name_of(type)));
  });
}

}  // namespace onnx_ref
