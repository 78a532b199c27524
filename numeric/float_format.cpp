#include "numeric/float_format.h"

#include <stdexcept>
#include <string>

#include "runtime/numeric_dispatch.h"

namespace onnx_ref::numeric {

std::optional<Format> format_if_floating(ElementType type) {
  switch (type) {
    case ElementType::Float16:
      return Format::Float16;
    case ElementType::BFloat16:
      return Format::BFloat16;
    case ElementType::Float:
      return Format::Float;
    case ElementType::Double:
      return Format::Double;
    default:
      return std::nullopt;
  }
}

Format format_of_type(ElementType type) {
  if (const auto format = format_if_floating(type)) return *format;
  throw std::logic_error("format_of_type: no floating format for " + std::string(name_of(type)));
}

double round_to(double v, Format format) {
  switch (format) {
    case Format::Float16:
      return widen(narrow<Float16Bits>(v));
    case Format::BFloat16:
      return widen(narrow<BFloat16Bits>(v));
    case Format::Float:
      return static_cast<float>(v);
    case Format::Double:
      return v;
  }
  return v;
}

}  // namespace onnx_ref::numeric
