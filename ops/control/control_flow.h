#pragma once
// What If, Loop and Scan share: the value types their V variables allow at each version, the
// checks of a graph attribute's signature against its node, and the slicing and stacking of scan
// inputs and outputs along an axis.
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.h"

namespace onnx_ref::control {

// V of If and Loop at `since_version`: tensors (1, 11), + sequences (13), + optionals (16), each
// kind growing with the element types of its opset (optional sequences stay at 16's set).
TypeConstraint if_loop_values(int since_version);
// V of Scan at `since_version`: tensors only.
TypeConstraint scan_values(int since_version);

// Throws Error unless graph attribute `name` has `inputs` formal inputs and `outputs` outputs.
void check_signature(const Subgraph& graph, const std::string& name, size_t inputs, size_t outputs,
                     const std::string& why);
// Throws Error when `actual` (a value a node passes into a graph) does not fit the graph's
// declared input type. Unknown types pass here and are checked when the graph runs.
void check_input_type(const std::optional<ValueType>& declared, const std::optional<ValueType>& actual,
                      const std::string& graph, size_t index);

// Slice `index` of `t` along `axis`, the axis removed.
Tensor slice_along(const Tensor& t, int64_t axis, int64_t index);
// The tensors of `slices` (one element type, one shape) stacked along a new axis `axis` of the
// result; `empty_shape` is the slice shape used when there are no slices.
Tensor stack_along(const std::vector<Tensor>& slices, int64_t axis, ElementType type, const Shape& empty_shape);

// The int64 or bool scalar (one element) of input `index`; Error naming it otherwise.
int64_t scalar_int64(const Tensor& t, const std::string& what);
bool scalar_bool(const Tensor& t, const std::string& what);

}  // namespace onnx_ref::control
