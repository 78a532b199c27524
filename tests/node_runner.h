#pragma once
// The operator tester's older, one-output form: every input a graph input (nullopt: left out, an
// empty name), attributes set by a callback.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "op_tester.h"

namespace onnx_ref::testing {

inline Tensor run_single_node(const std::string& op, int64_t opset, const std::vector<std::optional<Tensor>>& inputs,
                              const std::function<void(onnx::NodeProto&)>& set_attributes = {}) {
  OpTester t(op, opset);
  for (const auto& i : inputs) t.input(i ? std::optional<Value>(*i) : std::nullopt);
  if (set_attributes) t.edit_node(set_attributes);
  return t.run_tensor();
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
