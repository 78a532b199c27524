#pragma once
// What If, Loop and Scan share: the value types their V variables allow at each version and their
// scalar inputs. The checks of a graph attribute's signature are in ops/subgraph_signature.h, the
// slicing and stacking of scan inputs and outputs in ops/slices.h (other families use them too).
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.h"
#include "ops/slices.h"
#include "ops/subgraph_signature.h"

namespace onnx_ref::control {

// V of If and Loop at `since_version`: tensors (1, 11), + sequences (13), + optionals (16), each
// kind growing with the element types of its opset (optional sequences stay at 16's set).
TypeConstraint if_loop_values(int since_version);
// The versions of If and Loop: they change together, as their values' types grow.
inline constexpr int kIfLoopVersions[] = {1, 11, 13, 16, 19, 21, 23, 24, 25};
// V of Scan at `since_version`: tensors only.
TypeConstraint scan_values(int since_version);

// The int64 or bool scalar (one element) of input `index`; Error naming it otherwise.
int64_t scalar_int64(const Tensor& t, const std::string& what);
bool scalar_bool(const Tensor& t, const std::string& what);

}  // namespace onnx_ref::control
