#pragma once
// Attribute declarations that operators of every family write the same way.
#include <string>

#include "ops/registry.h"

namespace onnx_ref {

// An optional float attribute with its default, as the spec writes it.
inline AttributeSpec float_attribute(const std::string& name, float default_value) {
  return {name, AttrType::Float, false, default_value};
}

}  // namespace onnx_ref
