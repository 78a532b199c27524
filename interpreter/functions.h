#pragma once
// Model-local functions (ModelProto.functions): a node whose (domain, op_type, overload) names one
// runs it as a call with its own scope. Each call node instantiates the body: attributes the body
// takes by ref_attr_name are replaced by the call's values (or the function's attribute_proto
// defaults; an attribute with neither is left out), inputs the call leaves out become absent
// optional inputs inside, and the body is compiled like a graph attribute with no enclosing scope.
//
// Debian's ONNX 1.12 classes predate IR 9/10's FunctionProto fields attribute_proto (11),
// value_info (12) and overload (13), and NodeProto's overload (8); protobuf keeps them as unknown
// fields, and they are read from there with the meaning ONNX 1.22.0 gives them.
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <onnx/onnx_pb.h>

namespace onnx_ref {

struct FunctionDef {
  const onnx::FunctionProto* proto = nullptr;
  std::string overload;
  std::map<std::string, onnx::AttributeProto> defaults;    // attribute_proto, by name
  std::map<std::string, onnx::ValueInfoProto> value_info;  // value_info, by name
};

using FunctionKey = std::tuple<std::string, std::string, std::string>;  // domain, name, overload

// The model's functions by key; Error for a function defined twice or with malformed new fields.
std::map<FunctionKey, FunctionDef> read_functions(const onnx::ModelProto& model);

// NodeProto.overload (field 8), "" when unset.
std::string node_overload(const onnx::NodeProto& node);

// The GraphProto of one call: the body with the call's attributes substituted, the function's
// inputs the call gives as graph inputs (with value_info types where declared), the others made
// absent, and its outputs as graph outputs. Error for an attribute of the call that the function
// does not declare.
onnx::GraphProto instantiate_function(const FunctionDef& def, const onnx::NodeProto& call);

// The checks instantiate_function makes of the call (its attributes are the function's, it gives
// no more inputs and asks no more outputs than the function has), for a call whose body is shared.
void check_function_call(const FunctionDef& def, const onnx::NodeProto& call);

}  // namespace onnx_ref
