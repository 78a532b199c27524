// Running a checked Model: feeds are checked against the declared inputs, nodes run in order, and
// every error is reported with the node that raised it.
#include <algorithm>

#include "interpreter/model.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {
// Names come from the file: quote_text escapes control bytes so that every message stays one line.
std::string in_quotes(const std::string& s) { return quote_text(s); }
}  // namespace

std::string ValueInfo::describe() const {
  std::string s = type ? tensor_type_string(*type) : "tensor(?)";
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

void check_feed(const ValueInfo& declared, const Tensor& tensor) {
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

std::vector<std::optional<ElementType>> check_node_types(const Node& node,
                                                         const std::vector<std::optional<ElementType>>& input_types) {
  const OpVersion& op = *node.op;
  std::map<std::string, std::pair<ElementType, size_t>> bound;  // type variable -> (type, input index)
  for (size_t i = 0; i < input_types.size() && i < op.inputs.size(); ++i) {
    if (!input_types[i]) continue;
    const ElementType type = *input_types[i];
    const FormalParam& param = op.inputs[i];
    const TypeConstraint& constraint = op.constraint(param.type_var);
    const std::string which = "input " + std::to_string(i) + " (" + in_quotes(param.name) + ")";
    if (!constraint.allowed.contains(type)) {
      if (!constraint.spec_text.empty())
        throw Error(which + " is " + tensor_type_string(type) + ", but " + op.label() + " takes " + constraint.spec_text);
      throw Error(which + " is " + tensor_type_string(type) + ", which " + op.label() + " does not allow for " +
                  constraint.type_var + " (allowed: " + constraint.allowed.to_string() + ")");
    }
    auto [it, inserted] = bound.emplace(param.type_var, std::make_pair(type, i));
    if (!inserted && it->second.first != type)
      throw Error(which + " is " + tensor_type_string(type) + " but " + constraint.type_var + " is already " +
                  tensor_type_string(it->second.first) + " from input " + std::to_string(it->second.second));
  }
  std::vector<std::optional<ElementType>> outputs;
  for (const auto& param : op.outputs) {
    auto it = bound.find(param.type_var);
    outputs.push_back(it == bound.end() ? std::nullopt : std::optional<ElementType>(it->second.first));
  }
  return outputs;
}

std::vector<std::pair<std::string, Tensor>> Model::run(const std::map<std::string, Tensor>& feeds) const {
  std::vector<std::optional<Tensor>> values = constants_;
  auto input_index = [&](const std::string& name, const std::vector<ValueInfo>& list) -> std::optional<size_t> {
    for (size_t i = 0; i < list.size(); ++i)
      if (list[i].name == name) return i;
    return std::nullopt;
  };
  for (const auto& [name, tensor] : feeds) {
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
      check_feed(*declared, tensor);
    } catch (const Error& e) {
      throw Error(origin_ + ": input " + in_quotes(name) + " " + e.what());
    }
    values[static_cast<size_t>(slot)] = tensor;
  }
  for (size_t i = 0; i < required_inputs_.size(); ++i)
    if (!feeds.count(required_inputs_[i].name))
      throw Error(origin_ + ": input " + in_quotes(required_inputs_[i].name) + " (" + required_inputs_[i].describe() +
                  ") is not fed");

  for (const Node& node : nodes_) {
    std::vector<Tensor> inputs;
    std::vector<std::optional<ElementType>> types;
    for (int slot : node.inputs) {
      inputs.push_back(slot < 0 ? Tensor() : *values[static_cast<size_t>(slot)]);
      types.push_back(slot < 0 ? std::nullopt : std::optional<ElementType>(inputs.back().type()));
    }
    std::vector<Tensor> outputs;
    try {
      check_node_types(node, types);  // again, for inputs whose type was not declared
      outputs = node.op->kernel(node.attributes, inputs);
    } catch (const Error& e) {
      throw Error(origin_ + ": " + node.describe() + ": " + e.what(), node.op->label());
    }
    for (size_t i = 0; i < node.outputs.size() && i < outputs.size(); ++i)
      if (node.outputs[i] >= 0) values[static_cast<size_t>(node.outputs[i])] = std::move(outputs[i]);
  }

  std::vector<std::pair<std::string, Tensor>> result;
  for (size_t i = 0; i < outputs_.size(); ++i) {
    const Tensor& tensor = *values[static_cast<size_t>(output_slots_[i])];
    try {
      check_feed(outputs_[i], tensor);
    } catch (const Error& e) {
      throw Error(origin_ + ": graph output " + in_quotes(outputs_[i].name) + " " + e.what());
    }
    result.emplace_back(outputs_[i].name, tensor);
  }
  return result;
}

}  // namespace onnx_ref
