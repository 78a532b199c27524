#pragma once
// The signature Y = op(X) that many versions share: one input X and one output Y, both of the type
// variable T over `types`. The caller adds the attributes and the kernel.
#include <string>

#include "ops/registry.h"

namespace onnx_ref {

OpVersion x_to_y_version(const std::string& op_type, int since, const TypeSet& types);

}  // namespace onnx_ref
