#include "interpreter/attributes.h"

#include "runtime/error.h"
#include "runtime/error_context.h"
#include "runtime/tensor_proto.h"

namespace onnx_ref {

namespace {

using onnx::AttributeProto;

// The attribute's type as written, or inferred from the one populated field when `type` is unset
// (models from before IR version 2 do not set it).
std::optional<AttrType> attribute_type(const AttributeProto& a) {
  switch (a.type()) {
    case AttributeProto::INT: return AttrType::Int;
    case AttributeProto::FLOAT: return AttrType::Float;
    case AttributeProto::STRING: return AttrType::String;
    case AttributeProto::INTS: return AttrType::Ints;
    case AttributeProto::FLOATS: return AttrType::Floats;
    case AttributeProto::STRINGS: return AttrType::Strings;
    case AttributeProto::TENSOR: return AttrType::Tensor;
    case AttributeProto::SPARSE_TENSOR: return AttrType::SparseTensor;
    case AttributeProto::GRAPH: return AttrType::Graph;
    case AttributeProto::TYPE_PROTO: return AttrType::TypeProto;
    case AttributeProto::UNDEFINED: break;
    default: return std::nullopt;  // lists of graphs, tensors, type protos: no operator here takes them
  }
  if (a.ints_size()) return AttrType::Ints;
  if (a.floats_size()) return AttrType::Floats;
  if (a.strings_size()) return AttrType::Strings;
  if (a.has_i()) return AttrType::Int;
  if (a.has_f()) return AttrType::Float;
  if (a.has_s()) return AttrType::String;
  if (a.has_t()) return AttrType::Tensor;
  if (a.has_sparse_tensor()) return AttrType::SparseTensor;
  if (a.has_g()) return AttrType::Graph;
  return std::nullopt;
}

// The ValueType a TypeProto attribute describes (Optional's `type`): a tensor, a sequence of
// tensors, or an optional of either, with its element type set.
ValueType type_proto_value(const onnx::TypeProto& t) {
  auto elem_of = [](const onnx::TypeProto& tensor) -> ElementType {
    if (!tensor.has_tensor_type()) throw UnsupportedError("describes a type other than tensors, sequences of tensors and optionals of them",
                                                     "(type attribute of a map)");
    auto e = element_type_from_code(tensor.tensor_type().elem_type());
    if (!e) throw Error("describes a tensor with element type " + describe_type_code(tensor.tensor_type().elem_type()));
    return *e;
  };
  const onnx::TypeProto* inner = &t;
  bool optional = false;
  if (inner->has_optional_type()) {
    optional = true;
    inner = &inner->optional_type().elem_type();
  }
  if (inner->has_sequence_type())
    return {optional ? ValueKind::OptionalSequence : ValueKind::Sequence, elem_of(inner->sequence_type().elem_type())};
  return {optional ? ValueKind::OptionalTensor : ValueKind::Tensor, elem_of(*inner)};
}

AttrValue attribute_value(const AttributeProto& a, AttrType type, const GraphCompiler& compile_graph) {
  switch (type) {
    case AttrType::Int: return a.i();
    case AttrType::Float: return a.f();
    case AttrType::String: return a.s();
    case AttrType::Ints: return std::vector<int64_t>(a.ints().begin(), a.ints().end());
    case AttrType::Floats: return std::vector<float>(a.floats().begin(), a.floats().end());
    case AttrType::Strings: return std::vector<std::string>(a.strings().begin(), a.strings().end());
    case AttrType::Tensor: return tensor_from_proto(a.t());
    case AttrType::SparseTensor: return tensor_from_sparse_proto(a.sparse_tensor());
    case AttrType::Graph: return compile_graph(a.g(), a.name());
    case AttrType::TypeProto: return type_proto_value(a.tp());
  }
  throw std::logic_error("unhandled attribute type");
}

}  // namespace

Attributes resolve_attributes(const onnx::NodeProto& node, const OpVersion& op, const GraphCompiler& compile_graph) {
  Attributes result;
  for (const auto& a : node.attribute()) {
    const std::string where = "attribute " + quote_text(a.name());
    if (result.has(a.name())) throw Error(where + " is set twice");
    const AttributeSpec* spec = op.attribute(a.name());
    if (!spec) {
      std::string known;
      for (const auto& s : op.attributes) known += (known.empty() ? "" : ", ") + s.name;
      throw Error(where + " is not an attribute of " + op.label() + " (it has: " + (known.empty() ? "none" : known) + ")");
    }
    if (!a.ref_attr_name().empty()) throw Error(where + " refers to a function attribute, which only functions may do");
    const auto type = attribute_type(a);
    if (!type) throw Error(where + " has no value or an unsupported type (" + std::to_string(a.type()) + ")");
    if (*type != spec->type)
      throw Error(where + " must be of type " + std::string(attr_type_name(spec->type)) + ", got " +
                  std::string(attr_type_name(*type)));
    if (*type == AttrType::Graph) {  // its errors carry the path into the graph already
      result.set(a.name(), attribute_value(a, *type, compile_graph));
      continue;
    }
    try {
      result.set(a.name(), attribute_value(a, *type, compile_graph));
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::at(where));
    }
  }
  for (const auto& spec : op.attributes) {
    if (result.has(spec.name)) continue;
    if (spec.required) throw Error("required attribute '" + spec.name + "' is not set");
    if (spec.default_value) result.set(spec.name, *spec.default_value);
  }
  if (op.check_attributes) op.check_attributes(result);
  return result;
}

}  // namespace onnx_ref
