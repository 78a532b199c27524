#pragma once
// NodeProto attributes checked against an operator version's AttributeSpecs.
#include <onnx/onnx_pb.h>

#include "ops/registry.h"

namespace onnx_ref {

// Every attribute must be declared by the version and carry the declared type; required ones must
// be present; defaults fill the rest; then the version's own attribute rules run.
// Throws Error naming the attribute.
Attributes resolve_attributes(const onnx::NodeProto& node, const OpVersion& op);

}  // namespace onnx_ref
