#pragma once
// Runs one node as a model: every input a graph input (nullopt: left out, an empty name), one
// output, attributes set by a callback. Shared by the operator tests of QLinearMatMul,
// QLinearConv, LpPool, GlobalLpPool, Einsum and Det.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model_builder.h"

namespace onnx_ref::testing {

inline Tensor run_single_node(const std::string& op, int64_t opset, const std::vector<std::optional<Tensor>>& inputs,
                              const std::function<void(onnx::NodeProto&)>& set_attributes = {}) {
  ModelBuilder b(opset);
  std::vector<std::string> names;
  std::map<std::string, Value> feeds;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!inputs[i]) {
      names.push_back("");
      continue;
    }
    names.push_back("i" + std::to_string(i));
    b.input(names.back(), inputs[i]->type(), inputs[i]->shape());
    feeds.emplace(names.back(), *inputs[i]);
  }
  b.output("y");
  auto& node = b.node(op, names, {"y"});
  node.set_name("n");
  if (set_attributes) set_attributes(node);
  auto outputs = b.build().run(feeds);
  return outputs.front().second.tensor();
}

inline void set_string_attribute(onnx::NodeProto& node, const std::string& name, const std::string& value) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRING);
  a->set_s(value);
}

inline void set_float_attribute(onnx::NodeProto& node, const std::string& name, float value) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_f(value);
}

}  // namespace onnx_ref::testing
