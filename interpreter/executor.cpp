// Running a checked Model: feeds are checked against the declared inputs, nodes run in order, and
// every error is reported with the node that raised it. No kernel is trusted: the number and the
// types of the values it returns are checked against the node and the operator version.
#include <algorithm>

#include "interpreter/model.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {
// Names come from the file: quote_text escapes control bytes so that every message stays one line.
std::string in_quotes(const std::string& s) { return quote_text(s); }
}  // namespace

std::optional<ValueType> ValueInfo::value_type() const {
  if (!type) return std::nullopt;
  return ValueType{kind, *type};
}

std::string ValueInfo::describe() const {
  // The element type may be left unset in a sequence or an optional too: "optional(tensor(?))".
  std::string s = type ? tensor_type_string(*type) : "tensor(?)";
  if (kind != ValueKind::Tensor) return value_type_string(kind, s);
  if (!has_shape) return s;
  s += "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i) s += ", ";
    s += dims[i] ? std::to_string(*dims[i]) : (dim_params[i].empty() ? "?" : printable(dim_params[i]));
  }
  return s + "]";
}

std::string Node::describe() const {
  const std::string label = op ? op->label() : printable(op_type);
  if (name.empty()) return "node #" + std::to_string(index) + " (" + label + ")";
  return "node " + in_quotes(name) + " (#" + std::to_string(index) + ", " + label + ")";
}

void check_feed(const ValueInfo& declared, const Value& value) {
  if (!declared.typed) return;
  if (declared.kind != value.type().kind) {
    throw Error("is " + value.describe() + " but the model declares " + declared.describe());
  }
  if (!value.is_tensor()) {
    if (declared.type && *declared.type != value.type().elem)
      throw Error("is " + value.describe() + " but the model declares " + declared.describe());
    return;
  }
  const Tensor& tensor = value.tensor();
  if (declared.type && *declared.type != tensor.type())
    throw Error("is " + tensor.describe() + " but the model declares " + declared.describe());
  if (!declared.has_shape) return;
  if (static_cast<size_t>(tensor.rank()) != declared.dims.size())
    throw Error("is " + tensor.describe() + " but the model declares " + declared.describe() + " (rank " +
                std::to_string(declared.dims.size()) + ")");
  for (size_t i = 0; i < declared.dims.size(); ++i)
    if (declared.dims[i] && *declared.dims[i] != tensor.shape()[i])
      throw Error("is " + tensor.describe() + " but the model declares " + declared.describe() + " (dimension " +
                  std::to_string(i) + ")");
}

std::vector<std::optional<ValueType>> check_node_types(const Node& node,
                                                       const std::vector<std::optional<ValueType>>& input_types,
                                                       size_t output_count) {
  const OpVersion& op = *node.op;
  std::map<std::string, std::pair<ValueType, size_t>> bound;  // type variable -> (type, input index)
  for (size_t i = 0; i < input_types.size(); ++i) {
    const FormalParam* param = op.input_param(i);
    if (!input_types[i] || !param) continue;
    const ValueType& type = *input_types[i];
    const TypeConstraint& constraint = op.constraint(param->type_var);
    const std::string which = "input " + std::to_string(i) + " (" + in_quotes(param->name) + ")";
    if (!constraint.allows(type)) {
      if (!constraint.spec_text.empty())
        throw Error(which + " is " + type.to_string() + ", but " + op.label() + " takes " + constraint.spec_text);
      throw Error(which + " is " + type.to_string() + ", which " + op.label() + " does not allow for " +
                  constraint.type_var + " (allowed: " + constraint.allowed.to_string() + ")");
    }
    if (param->option == ParamOption::Variadic && !param->homogeneous) continue;
    auto [it, inserted] = bound.emplace(param->type_var, std::make_pair(type, i));
    if (!inserted && !(it->second.first == type))
      throw Error(which + " is " + type.to_string() + " but " + constraint.type_var + " is already " +
                  it->second.first.to_string() + " from input " + std::to_string(it->second.second));
  }
  std::vector<std::optional<ValueType>> outputs;
  for (size_t i = 0; i < output_count; ++i) {
    const FormalParam* param = op.output_param(i);
    if (!param) break;
    std::optional<ValueType> type;
    if (auto it = bound.find(param->type_var); it != bound.end()) {
      type = it->second.first;
    } else if (auto chosen = op.attribute_type ? op.attribute_type(node.attributes, param->type_var) : std::nullopt) {
      type = ValueType::tensor(*chosen);
      const TypeConstraint& constraint = op.constraint(param->type_var);
      if (!constraint.allows(*type))
        throw Error("output " + std::to_string(i) + " (" + in_quotes(param->name) + ") would be " + type->to_string() +
                    ", which " + op.label() + " does not allow for " + constraint.type_var + " (allowed: " +
                    constraint.allowed.to_string() + ")");
    } else {
      type = op.constraint(param->type_var).single_type();
    }
    outputs.push_back(type);
  }
  return outputs;
}

namespace {

// What a kernel returned must be what the node asked for: one value per output, each of a type the
// version allows and, where the loader knew it, of that very type.
void check_kernel_outputs(const Node& node, const std::vector<Value>& outputs,
                          const std::vector<std::optional<ValueType>>& expected) {
  const OpVersion& op = *node.op;
  if (outputs.size() != node.outputs.size())
    throw std::logic_error(op.label() + " kernel returned " + std::to_string(outputs.size()) + " value(s) for " +
                           std::to_string(node.outputs.size()) + " output(s)");
  for (size_t i = 0; i < outputs.size(); ++i) {
    const FormalParam* param = op.output_param(i);
    const ValueType& type = outputs[i].type();
    if (!param || !op.constraint(param->type_var).allows(type) ||
        (i < expected.size() && expected[i] && !(*expected[i] == type)))
      throw std::logic_error(op.label() + " kernel returned " + type.to_string() + " for output " + std::to_string(i) +
                             (i < expected.size() && expected[i] ? ", which must be " + expected[i]->to_string() : ""));
  }
}

}  // namespace

std::vector<std::pair<std::string, Value>> Model::run(const std::map<std::string, Value>& feeds) const {
  std::vector<std::optional<Value>> values = constants_;
  auto input_index = [&](const std::string& name, const std::vector<ValueInfo>& list) -> std::optional<size_t> {
    for (size_t i = 0; i < list.size(); ++i)
      if (list[i].name == name) return i;
    return std::nullopt;
  };
  for (const auto& [name, value] : feeds) {
    const ValueInfo* declared = nullptr;
    int slot = -1;
    if (auto i = input_index(name, required_inputs_)) {
      declared = &required_inputs_[*i];
      slot = required_input_slots_[*i];
    } else if (auto j = input_index(name, optional_inputs_)) {
      declared = &optional_inputs_[*j];
      slot = optional_input_slots_[*j];
    } else {
      std::string names;
      for (const auto& v : required_inputs_) names += (names.empty() ? "" : ", ") + v.name;
      for (const auto& v : optional_inputs_) names += (names.empty() ? "" : ", ") + v.name;
      throw Error(origin_ + ": feed " + in_quotes(name) + " is not an input of the model (its inputs: " +
                  (names.empty() ? "none" : names) + ")");
    }
    try {
      check_feed(*declared, value);
    } catch (const Error& e) {
      throw Error(origin_ + ": input " + in_quotes(name) + " " + e.what());
    }
    values[static_cast<size_t>(slot)] = value;
  }
  for (size_t i = 0; i < required_inputs_.size(); ++i)
    if (!feeds.count(required_inputs_[i].name))
      throw Error(origin_ + ": input " + in_quotes(required_inputs_[i].name) + " (" + required_inputs_[i].describe() +
                  ") is not fed");

  for (const Node& node : nodes_) {
    std::vector<std::optional<Value>> inputs;
    std::vector<std::optional<ValueType>> types;
    for (int slot : node.inputs) {
      inputs.push_back(slot < 0 ? std::nullopt : values[static_cast<size_t>(slot)]);
      types.push_back(slot < 0 ? std::nullopt : std::optional<ValueType>(inputs.back()->type()));
    }
    std::vector<Value> outputs;
    try {
      const auto expected = check_node_types(node, types, node.outputs.size());  // again, for inputs whose type was not declared
      outputs = node.op->kernel(KernelContext(node.attributes, inputs, node.outputs.size()));
      check_kernel_outputs(node, outputs, expected);
    } catch (const Error& e) {
      throw Error(origin_ + ": " + node.describe() + ": " + e.what(), node.op->label());
    } catch (const std::logic_error& e) {
      throw std::logic_error(origin_ + ": " + node.describe() + ": " + e.what());
    }
    for (size_t i = 0; i < node.outputs.size(); ++i)
      if (node.outputs[i] >= 0) values[static_cast<size_t>(node.outputs[i])] = std::move(outputs[i]);
  }

  std::vector<std::pair<std::string, Value>> result;
  for (size_t i = 0; i < outputs_.size(); ++i) {
    const Value& value = *values[static_cast<size_t>(output_slots_[i])];
    try {
      check_feed(outputs_[i], value);
    } catch (const Error& e) {
      throw Error(origin_ + ": graph output " + in_quotes(outputs_[i].name) + " " + e.what());
    }
    result.emplace_back(outputs_[i].name, value);
  }
  return result;
}

}  // namespace onnx_ref
