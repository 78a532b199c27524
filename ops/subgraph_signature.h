#pragma once
// A graph attribute's signature checked against the node that holds it, when the model loads:
// for If, Loop and Scan (ops/control/), SequenceMap (ops/sequence/) and FlexAttention's score and
// mask graphs (ops/attention/).
#include <optional>
#include <string>

#include "ops/subgraph.h"

namespace onnx_ref {

// Throws Error unless graph attribute `name` has `inputs` formal inputs and `outputs` outputs;
// `why` says what the operator feeds it and takes from it.
void check_signature(const Subgraph& graph, const std::string& name, size_t inputs, size_t outputs,
                     const std::string& why);
// Throws Error when `actual` (a value a node passes into a graph) does not fit the graph's
// declared input type. Unknown types pass here and are checked when the graph runs.
void check_input_type(const std::optional<ValueType>& declared, const std::optional<ValueType>& actual,
                      const std::string& graph, size_t index);

}  // namespace onnx_ref
