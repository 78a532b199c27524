// Map values and sequences of maps: the rules of a map, MapProto and JSON files, model declarations,
// and the ai.onnx.ml operators that take or give maps (ZipMap, CastMap, DictVectorizer). Expected
// values are computed by hand.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>

#include "model_builder.h"
#include "runtime/error.h"
#include "runtime/value_json.h"
#include "runtime/value_proto.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;
using nlohmann::json;

namespace {

Tensor keys_i64(const std::vector<int64_t>& k) { return int64_tensor(k); }
Tensor floats(const std::vector<float>& v) {
  return Tensor::from_values<float>(T::Float, {static_cast<int64_t>(v.size())}, v);
}
Tensor doubles(const std::vector<double>& v) {
  return Tensor::from_values<double>(T::Double, {static_cast<int64_t>(v.size())}, v);
}
Tensor strings(const std::vector<std::string>& v) { return Tensor::from_strings({static_cast<int64_t>(v.size())}, v); }

// A graph input or output of type map(key, value), or seq(map(key, value)).
void declare_map(onnx::ValueInfoProto* v, const std::string& name, T key, T value, bool in_sequence) {
  v->set_name(name);
  onnx::TypeProto* t = v->mutable_type();
  if (in_sequence) t = t->mutable_sequence_type()->mutable_elem_type();
  auto* m = t->mutable_map_type();
  m->set_key_type(code_of(key));
  m->mutable_value_type()->mutable_tensor_type()->set_elem_type(code_of(value));
}

void set_strings(onnx::NodeProto& node, const std::string& name, const std::vector<std::string>& values) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRINGS);
  for (const auto& s : values) a->add_strings(s);
}

void set_string(onnx::NodeProto& node, const std::string& name, const std::string& value) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRING);
  a->set_s(value);
}

// A one-node ai.onnx.ml model: input x of `in_type` (a map or a float tensor), output y.
struct MlNode {
  ModelBuilder b{17};
  onnx::NodeProto* node;
  MlNode(const std::string& op, std::optional<std::pair<T, T>> map_input) {
    b.opset_import("ai.onnx.ml", 1);
    if (map_input)
      declare_map(b.proto().mutable_graph()->add_input(), "x", map_input->first, map_input->second, false);
    else
      b.input("x", T::Float, {}, false);
    b.output("y");
    node = &b.node(op, {"x"}, {"y"}, "ai.onnx.ml");
  }
  Value run(const Value& x) { return b.build().run({{"x", x}}).front().second; }
};

Value float_map(const std::vector<int64_t>& k, const std::vector<float>& v) {
  return Value::map(MapEntries::make(keys_i64(k), floats(v)));
}

}  // namespace
