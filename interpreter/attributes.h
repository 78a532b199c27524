#pragma once
// NodeProto attributes checked against an operator version's AttributeSpecs.
#include <functional>

#include <onnx/onnx_pb.h>

#include "ops/registry.h"

namespace onnx_ref {

// Every attribute must be declared by the version and carry the declared type; required ones must
// be present; defaults fill the rest; then the version's own attribute rules run.
// Graph attributes are compiled by `compile_graph` (given the graph and the attribute's name).
// Throws Error naming the attribute.
using GraphCompiler = std::function<GraphRef(const onnx::GraphProto&, const std::string&)>;
Attributes resolve_attributes(const onnx::NodeProto& node, const OpVersion& op, const GraphCompiler& compile_graph);

}  // namespace onnx_ref
