#include "interpreter/functions.h"

#include <google/protobuf/unknown_field_set.h>

#include <algorithm>
#include <set>

#include "runtime/error.h"

namespace onnx_ref {

namespace {

using google::protobuf::UnknownField;
using google::protobuf::UnknownFieldSet;

// Every length-delimited unknown field `number` of `message`, in order.
std::vector<std::string> unknown_bytes(const google::protobuf::Message& message, int number) {
  std::vector<std::string> out;
  const UnknownFieldSet& set = message.GetReflection()->GetUnknownFields(message);
  for (int i = 0; i < set.field_count(); ++i)
    if (set.field(i).number() == number && set.field(i).type() == UnknownField::TYPE_LENGTH_DELIMITED)
      out.push_back(set.field(i).length_delimited());
  return out;
}

std::string function_name(const onnx::FunctionProto& f) {
  return quote_text(f.domain().empty() ? f.name() : f.domain() + ":" + f.name());
}

// Replaces every use of the names in `renamed` inside `graph` and the graphs of its attributes.
void rename_uses(onnx::NodeProto& node, const std::map<std::string, std::string>& renamed) {
  for (auto& in : *node.mutable_input())
    if (auto it = renamed.find(in); it != renamed.end()) in = it->second;
  for (auto& a : *node.mutable_attribute()) {
    if (a.has_g())
      for (auto& n : *a.mutable_g()->mutable_node()) rename_uses(n, renamed);
    for (auto& g : *a.mutable_graphs())
      for (auto& n : *g.mutable_node()) rename_uses(n, renamed);
  }
}

// Substitutes ref_attr_name attributes in `node` (and in the graphs of its attributes).
void substitute(onnx::NodeProto& node, const std::map<std::string, const onnx::AttributeProto*>& values) {
  auto* attrs = node.mutable_attribute();
  for (int i = 0; i < attrs->size();) {
    onnx::AttributeProto& a = *attrs->Mutable(i);
    if (!a.ref_attr_name().empty()) {
      auto it = values.find(a.ref_attr_name());
      if (it == values.end()) {  // neither the call nor a default sets it: the node goes without
        attrs->DeleteSubrange(i, 1);
        continue;
      }
      const std::string name = a.name();
      a = *it->second;
      a.set_name(name);
    }
    if (a.has_g())
      for (auto& n : *a.mutable_g()->mutable_node()) substitute(n, values);
    for (auto& g : *a.mutable_graphs())
      for (auto& n : *g.mutable_node()) substitute(n, values);
    ++i;
  }
}

}  // namespace

std::map<FunctionKey, FunctionDef> read_functions(const onnx::ModelProto& model) {
  std::map<FunctionKey, FunctionDef> functions;
  for (const auto& f : model.functions()) {
    FunctionDef def;
    def.proto = &f;
    for (const auto& bytes : unknown_bytes(f, 13)) def.overload = bytes;
    for (const auto& bytes : unknown_bytes(f, 11)) {
      onnx::AttributeProto a;
      if (!a.ParseFromString(bytes) || a.name().empty())
        throw Error("function " + function_name(f) + " has an attribute_proto that is not a named AttributeProto");
      def.defaults[a.name()] = a;
    }
    // A function attribute is either a name (no default) or an AttributeProto (with its default),
    // never both: with both, whether it has a default would be ambiguous.
    for (const auto& name : f.attribute())
      if (def.defaults.count(name))
        throw Error("function " + function_name(f) + " declares attribute " + quote_text(name) +
                    " both in attribute and in attribute_proto; it must be in one of them");
    std::set<std::string> names(f.input().begin(), f.input().end());
    names.insert(f.output().begin(), f.output().end());
    for (const auto& n : f.node()) names.insert(n.output().begin(), n.output().end());
    for (const auto& bytes : unknown_bytes(f, 12)) {
      onnx::ValueInfoProto v;
      if (!v.ParseFromString(bytes))
        throw Error("function " + function_name(f) + " has a value_info that is not a ValueInfoProto");
      // value_info describes the function's own values, each once.
      if (!names.count(v.name()))
        throw Error("function " + function_name(f) + " has a value_info for " + quote_text(v.name()) +
                    ", which is none of its inputs, outputs or node outputs");
      if (!def.value_info.emplace(v.name(), v).second)
        throw Error("function " + function_name(f) + " has two value_info entries for " + quote_text(v.name()));
    }
    FunctionKey key{f.domain() == "ai.onnx" ? "" : f.domain(), f.name(), def.overload};
    if (!functions.emplace(key, std::move(def)).second)
      throw Error("function " + function_name(f) +
                  (std::get<2>(key).empty() ? "" : " (overload " + quote_text(std::get<2>(key)) + ")") +
                  " is defined twice");
  }
  return functions;
}

std::string node_overload(const onnx::NodeProto& node) {
  std::string overload;
  for (const auto& bytes : unknown_bytes(node, 8)) overload = bytes;
  return overload;
}

void check_function_call(const FunctionDef& def, const onnx::NodeProto& call) {
  const onnx::FunctionProto& f = *def.proto;
  for (const auto& a : call.attribute())
    if (!def.defaults.count(a.name()) &&
        std::find(f.attribute().begin(), f.attribute().end(), a.name()) == f.attribute().end())
      throw Error("attribute " + quote_text(a.name()) + " is not an attribute of function " + function_name(f));
  if (call.input_size() > f.input_size())
    throw Error("function " + function_name(f) + " takes " + std::to_string(f.input_size()) +
                " input(s), the node has " + std::to_string(call.input_size()));
  if (call.output_size() > f.output_size())
    throw Error("function " + function_name(f) + " has " + std::to_string(f.output_size()) +
                " output(s), the node lists " + std::to_string(call.output_size()));
}

onnx::GraphProto instantiate_function(const FunctionDef& def, const onnx::NodeProto& call) {
  const onnx::FunctionProto& f = *def.proto;
  check_function_call(def, call);
  std::map<std::string, const onnx::AttributeProto*> values;
  for (const auto& [name, a] : def.defaults) values[name] = &a;
  for (const auto& a : call.attribute()) values[a.name()] = &a;
  onnx::GraphProto g;
  std::map<std::string, std::string> absent;
  for (int i = 0; i < f.input_size(); ++i) {
    if (i < call.input_size() && !call.input(i).empty()) {
      auto it = def.value_info.find(f.input(i));
      if (it != def.value_info.end())
        *g.add_input() = it->second;
      else
        g.add_input()->set_name(f.input(i));
    } else {
      absent[f.input(i)] = "";
    }
  }
  for (int i = 0; i < f.output_size(); ++i) {
    auto it = def.value_info.find(f.output(i));
    if (it != def.value_info.end())
      *g.add_output() = it->second;
    else
      g.add_output()->set_name(f.output(i));
  }
  for (const auto& node : f.node()) {
    onnx::NodeProto copy = node;
    substitute(copy, values);
    if (!absent.empty()) rename_uses(copy, absent);
    *g.add_node() = std::move(copy);
  }
  return g;
}

}  // namespace onnx_ref
