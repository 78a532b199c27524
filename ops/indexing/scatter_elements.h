#pragma once
// The ScatterElements kernel, shared with Scatter (9, 11), its deprecated alias without reduction.
#include "ops/registry.h"

namespace onnx_ref {

// Sets the kernel of ScatterElements-`since` (16 on reads `reduction`) on `v`, its attributes parsed
// at load; negative indices count from the back when `negative_indices`, and are refused otherwise
// (Scatter-9).
void set_scatter_elements_kernel(OpVersion& v, int since, bool negative_indices);

}  // namespace onnx_ref
