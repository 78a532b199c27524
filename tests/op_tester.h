#pragma once
// The operator tester: one node in a model of its own, run through Model as a user's model runs, so
// the loader's checks (attributes, arity, types) and the executor's (each output's kind and type)
// apply to every operator test. In the spirit of onnxruntime's OpTester:
//
//   OpTester t("TopK", 11);
//   t.input(x).input(k).attribute("largest", int64_t{0}).outputs(2);
//   auto [values, indices] = pair_of(t.run());
//   CHECK(t.error_of().find("k must be") != npos);   // or expect_refused(t, "k must be")
//
// An omitted optional input is std::nullopt (an empty name in the node); an omitted optional output
// is an empty name in output_names. Runtime `Attributes` (the kernels' parsed form) convert back to
// AttributeProtos, except graphs, which are given as GraphProtos.
#include <doctest/doctest.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model_builder.h"
#include "runtime/error.h"

namespace onnx_ref::testing {

// Writes `type` (and, for a tensor, `shape`) into a TypeProto as a model declares it.
inline void describe_type(onnx::TypeProto* out, const ValueType& type, const Shape* shape = nullptr) {
  auto tensor = [&](onnx::TypeProto* t, ElementType elem, const Shape* dims) {
    auto* tt = t->mutable_tensor_type();
    tt->set_elem_type(code_of(elem));
    if (!dims) return;
    auto* s = tt->mutable_shape();
    for (int64_t d : *dims) s->add_dim()->set_dim_value(d);
  };
  auto map = [&](onnx::TypeProto* t) {
    auto* m = t->mutable_map_type();
    m->set_key_type(code_of(type.key));
    tensor(m->mutable_value_type(), type.elem, nullptr);
  };
  switch (type.kind) {
    case ValueKind::Tensor:
      tensor(out, type.elem, shape);
      break;
    case ValueKind::Sequence:
      tensor(out->mutable_sequence_type()->mutable_elem_type(), type.elem, nullptr);
      break;
    case ValueKind::OptionalTensor:
      tensor(out->mutable_optional_type()->mutable_elem_type(), type.elem, nullptr);
      break;
    case ValueKind::OptionalSequence:
      tensor(out->mutable_optional_type()->mutable_elem_type()->mutable_sequence_type()->mutable_elem_type(), type.elem,
             nullptr);
      break;
    case ValueKind::Map:
      map(out);
      break;
    case ValueKind::MapSequence:
      map(out->mutable_sequence_type()->mutable_elem_type());
      break;
  }
}

// The AttributeProto of one parsed attribute value. Graph values are compiled and cannot go back:
// give a GraphProto with OpTester::attribute instead.
inline onnx::AttributeProto attribute_proto(const std::string& name, const AttrValue& value) {
  onnx::AttributeProto a;
  a.set_name(name);
  std::visit(
      [&](const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, int64_t>) {
          a.set_type(onnx::AttributeProto::INT), a.set_i(v);
        } else if constexpr (std::is_same_v<V, float>) {
          a.set_type(onnx::AttributeProto::FLOAT), a.set_f(v);
        } else if constexpr (std::is_same_v<V, std::string>) {
          a.set_type(onnx::AttributeProto::STRING), a.set_s(v);
        } else if constexpr (std::is_same_v<V, std::vector<int64_t>>) {
          a.set_type(onnx::AttributeProto::INTS);
          for (auto x : v) a.add_ints(x);
        } else if constexpr (std::is_same_v<V, std::vector<float>>) {
          a.set_type(onnx::AttributeProto::FLOATS);
          for (auto x : v) a.add_floats(x);
        } else if constexpr (std::is_same_v<V, std::vector<std::string>>) {
          a.set_type(onnx::AttributeProto::STRINGS);
          for (const auto& x : v) a.add_strings(x);
        } else if constexpr (std::is_same_v<V, Tensor>) {
          a.set_type(onnx::AttributeProto::TENSOR);
          *a.mutable_t() = tensor_to_proto(v);
        } else if constexpr (std::is_same_v<V, ValueType>) {
          a.set_type(onnx::AttributeProto::TYPE_PROTO);
          describe_type(a.mutable_tp(), v);
        } else {
          FAIL("a compiled graph attribute cannot be written back; give the GraphProto");
        }
      },
      value);
  return a;
}

class OpTester {
 public:
  explicit OpTester(std::string op, int64_t opset, std::string domain = "")
      : op_(std::move(op)), domain_(std::move(domain)), builder_(opset, domain_) {}

  // Another opset import (a model-local domain, or the default domain beside ai.onnx.ml).
  OpTester& opset_import(const std::string& domain, int64_t version) {
    builder_.opset_import(domain, version);
    return *this;
  }
  // The next input, declared with its kind, element type and (for tensors) shape; nullopt leaves an
  // optional input out.
  OpTester& input(std::optional<Value> value) {
    inputs_.push_back(std::move(value));
    return *this;
  }
  OpTester& inputs(std::vector<std::optional<Value>> values) {
    for (auto& v : values) inputs_.push_back(std::move(v));
    return *this;
  }
  // Declares the next input with no type at all (checked only when the node runs).
  OpTester& untyped_input(Value value) {
    untyped_.push_back(inputs_.size());
    return input(std::move(value));
  }
  template <class V>
  OpTester& attribute(const std::string& name, V value) {
    extra_.push_back(attribute_proto(name, AttrValue(std::move(value))));
    return *this;
  }
  OpTester& attribute(const std::string& name, const char* value) { return attribute(name, std::string(value)); }
  OpTester& attribute(const std::string& name, const onnx::GraphProto& graph) {
    onnx::AttributeProto a;
    a.set_name(name);
    a.set_type(onnx::AttributeProto::GRAPH);
    *a.mutable_g() = graph;
    extra_.push_back(std::move(a));
    return *this;
  }
  OpTester& attribute(onnx::AttributeProto a) {
    extra_.push_back(std::move(a));
    return *this;
  }
  OpTester& attributes(const Attributes& attrs) {
    for (const auto& [name, value] : attrs.values()) extra_.push_back(attribute_proto(name, value));
    return *this;
  }
  // Anything else on the node (several attributes at once, an attribute reference ...).
  OpTester& edit_node(std::function<void(onnx::NodeProto&)> edit) {
    edits_.push_back(std::move(edit));
    return *this;
  }
  // `count` outputs, all asked for.
  OpTester& outputs(size_t count) {
    output_names_.clear();
    for (size_t i = 0; i < count; ++i) output_names_.push_back("y" + std::to_string(i));
    return *this;
  }
  // The node's output names; "" leaves an optional output out.
  OpTester& output_names(std::vector<std::string> names) {
    output_names_ = std::move(names);
    return *this;
  }
  OpTester& run_options(RunOptions options) {
    options_ = options;
    return *this;
  }
  // The loader's opt-ins (a deprecated version, unsorted nodes).
  OpTester& load_options(LoadOptions options) {
    load_options_ = options;
    return *this;
  }
  // The model builder, for what the tester does not cover (an initializer, a local function).
  ModelBuilder& builder() { return builder_; }

  // The one-node model's proto as it will be loaded.
  onnx::ModelProto model_proto() const {
    ModelBuilder b = builder_;
    std::vector<std::string> in_names;
    for (size_t i = 0; i < inputs_.size(); ++i) {
      if (!inputs_[i]) {
        in_names.push_back("");
        continue;
      }
      in_names.push_back("x" + std::to_string(i));
      auto* v = b.proto().mutable_graph()->add_input();
      v->set_name(in_names.back());
      bool untyped = false;
      for (size_t u : untyped_) untyped = untyped || u == i;
      if (untyped) continue;
      const Value& value = *inputs_[i];
      describe_type(v->mutable_type(), value.type(), value.is_tensor() ? &value.tensor().shape() : nullptr);
    }
    for (const auto& o : output_names_)
      if (!o.empty()) b.output(o);
    auto& node = b.node(op_, in_names, output_names_, domain_);
    node.set_name("n");
    for (const auto& a : extra_) *node.add_attribute() = a;
    for (const auto& edit : edits_) edit(node);
    return b.proto();
  }
  Model model() const {
    return Model::from_proto(std::make_shared<onnx::ModelProto>(model_proto()), {}, "test.onnx", load_options_);
  }
  // Loads and runs the model: the outputs asked for, in order. Throws the loader's or the
  // executor's Error.
  std::vector<Value> run() const {
    std::map<std::string, Value> feeds;
    for (size_t i = 0; i < inputs_.size(); ++i)
      if (inputs_[i]) feeds.emplace("x" + std::to_string(i), *inputs_[i]);
    std::vector<Value> out;
    for (auto& [name, value] : model().run(feeds, options_)) out.push_back(std::move(value));
    return out;
  }
  // The first output's tensor.
  Tensor run_tensor() const { return run().at(0).tensor(); }
  // The one-line error of loading or running, "" when it ran.
  std::string error_of() const {
    try {
      run();
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  }

 private:
  std::string op_, domain_;
  ModelBuilder builder_;
  std::vector<std::optional<Value>> inputs_;
  std::vector<size_t> untyped_;
  std::vector<onnx::AttributeProto> extra_;
  std::vector<std::function<void(onnx::NodeProto&)>> edits_;
  std::vector<std::string> output_names_{"y0"};
  RunOptions options_;
  LoadOptions load_options_;
};

// A run with the kernel-test shape of arguments: inputs (nullopt: omitted), parsed attributes and
// the number of outputs asked for.
inline std::vector<Value> run_one_node(const std::string& op, int64_t opset,
                                       const std::vector<std::optional<Value>>& inputs, const Attributes& attrs = {},
                                       size_t outputs = 1, const std::string& domain = "") {
  return OpTester(op, opset, domain).inputs(inputs).attributes(attrs).outputs(outputs).run();
}

// The rule an error of the tester's node states: the message after the node's description
// ("test.onnx: node 'n' (#0, Relu-14): rule" gives "rule"). A message that names no node (the
// model's own checks) comes back whole, so comparing it with a bare rule fails.
inline std::string node_rule(const std::string& message) {
  const size_t node = message.find("node 'n' (#0, ");
  if (node == std::string::npos) return message;
  const size_t end = message.find("): ", node);
  return end == std::string::npos ? message : message.substr(end + 3);
}

// Runs `t`; an Error naming the node is thrown again with only its rule (node_rule), of the same
// class, so a test compares the rule exactly while the model's checks still run.
inline std::vector<Value> run_rule(const OpTester& t) {
  try {
    return t.run();
  } catch (const UnsupportedError& e) {
    throw UnsupportedError(node_rule(e.what()), e.missing());
  } catch (const Error& e) {
    throw Error(node_rule(e.what()), e.operator_version());
  }
}

// run_one_node with run_rule's errors.
inline std::vector<Value> run_node_rule(const std::string& op, int64_t opset,
                                        const std::vector<std::optional<Value>>& inputs, const Attributes& attrs = {},
                                        size_t outputs = 1, const std::string& domain = "") {
  return run_rule(OpTester(op, opset, domain).inputs(inputs).attributes(attrs).outputs(outputs));
}

// Every bit of `got` equals `want` (type, shape, data).
inline void expect_bits(const Value& got, const Value& want) {
  INFO("got ", got.describe(), ", want ", want.describe());
  CHECK(got.identical_to(want));
}

// The node is refused, at load or at run time, with a one-line message containing `part`.
inline void expect_refused(const OpTester& t, const std::string& part) {
  const std::string message = t.error_of();
  INFO("message: ", message);
  CHECK(message.find(part) != std::string::npos);
  CHECK(message.find('\n') == std::string::npos);
}

}  // namespace onnx_ref::testing
