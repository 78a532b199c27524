#include "interpreter/attributes.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "runtime/error.h"
#include "runtime/error_context.h"
#include "runtime/tensor_proto.h"

namespace onnx_ref {

namespace {

using onnx::AttributeProto;

// Edit distance (insertions, deletions, substitutions; case differences cost nothing), for the
// "did you mean" of a misspelled attribute.
size_t spelling_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      const bool same =
          std::tolower(static_cast<unsigned char>(a[i - 1])) == std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// The version's attribute nearest to `name`, when it is near enough to be a misspelling of it.
std::string nearest_attribute(const std::string& name, const OpVersion& op) {
  std::string best;
  size_t best_distance = std::max<size_t>(2, name.size() / 3) + 1;
  for (const auto& s : op.attributes) {
    const size_t d = spelling_distance(name, s.name);
    if (d < best_distance) {
      best_distance = d;
      best = s.name;
    }
  }
  return best;
}

// The attribute's type as written, or inferred from the one populated field when `type` is unset
// (models from before IR version 2 do not set it).
std::optional<AttrType> attribute_type(const AttributeProto& a) {
  switch (a.type()) {
    case AttributeProto::INT:
      return AttrType::Int;
    case AttributeProto::FLOAT:
      return AttrType::Float;
    case AttributeProto::STRING:
      return AttrType::String;
    case AttributeProto::INTS:
      return AttrType::Ints;
    case AttributeProto::FLOATS:
      return AttrType::Floats;
    case AttributeProto::STRINGS:
      return AttrType::Strings;
    case AttributeProto::TENSOR:
      return AttrType::Tensor;
    case AttributeProto::SPARSE_TENSOR:
      return AttrType::SparseTensor;
    case AttributeProto::GRAPH:
      return AttrType::Graph;
    case AttributeProto::TYPE_PROTO:
      return AttrType::TypeProto;
    case AttributeProto::UNDEFINED:
      break;
    default:
      return std::nullopt;  // lists of graphs, tensors, type protos: no operator here takes them
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

// How many of the value-carrying fields are set: IR.md allows one. A proto3 writer leaves out a
// zero scalar, so a count of 0 is not an error here; only two or more are.
int value_fields_set(const AttributeProto& a) {
  return int{a.has_i()} + int{a.has_f()} + int{a.has_s()} + int{a.has_t()} + int{a.has_g()} +
         int{a.has_sparse_tensor()} + int{a.has_tp()} + int{a.ints_size() > 0} + int{a.floats_size() > 0} +
         int{a.strings_size() > 0} + int{a.tensors_size() > 0} + int{a.graphs_size() > 0} +
         int{a.sparse_tensors_size() > 0} + int{a.type_protos_size() > 0};
}

// The ValueType a TypeProto attribute describes (Optional's `type`): a tensor, a sequence of
// tensors, or an optional of either, with its element type set.
ValueType type_proto_value(const onnx::TypeProto& t) {
  auto elem_of = [](const onnx::TypeProto& tensor) -> ElementType {
    if (!tensor.has_tensor_type())
      throw UnsupportedError("describes a type other than tensors, sequences of tensors and optionals of them",
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
    case AttrType::Int:
      return a.i();
    case AttrType::Float:
      return a.f();
    case AttrType::String:
      return a.s();
    case AttrType::Ints:
      return std::vector<int64_t>(a.ints().begin(), a.ints().end());
    case AttrType::Floats:
      return std::vector<float>(a.floats().begin(), a.floats().end());
    case AttrType::Strings:
      return std::vector<std::string>(a.strings().begin(), a.strings().end());
    case AttrType::Tensor:
      return tensor_from_proto(a.t());
    case AttrType::SparseTensor:
      return tensor_from_sparse_proto(a.sparse_tensor());
    case AttrType::Graph:
      return compile_graph(a.g(), a.name());
    case AttrType::TypeProto:
      return type_proto_value(a.tp());
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
      const std::string nearest = nearest_attribute(a.name(), op);
      throw Error(where + " is not an attribute of " + op.label() +
                  (nearest.empty() ? "" : " (did you mean " + quote_text(nearest) + "?)") +
                  " (it has: " + (known.empty() ? "none" : known) + ")");
    }
    if (!a.ref_attr_name().empty()) throw Error(where + " refers to a function attribute, which only functions may do");
    const auto type = attribute_type(a);
    if (!type) throw Error(where + " has no value or an unsupported type (" + std::to_string(a.type()) + ")");
    if (value_fields_set(a) > 1)
      throw Error(
          where +
          " carries more than one value (an AttributeProto holds exactly one of i, f, s, t, g, ints, floats, ...)");
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
