#pragma once
// A formal parameter's option as the schemas spell it ("single", "optional", "variadic"): shared by
// `onnx-ref ops --json` and the test that compares the registry with the schemas. Apart from
// registry.h so that adding it recompiles no operator.
#include <string_view>

#include "ops/registry.h"

namespace onnx_ref {

std::string_view param_option_name(ParamOption option);

}  // namespace onnx_ref
