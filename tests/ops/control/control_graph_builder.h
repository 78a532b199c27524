#pragma once
// Small graph attributes for the If, Loop and Scan rule tests: typed inputs and outputs (scalars,
// or tensors of unknown shape), nodes added in order.
#include <string>
#include <vector>

#include "model_builder.h"
#include "runtime/error.h"

namespace onnx_ref::testing {

struct BodyGraph {
  onnx::GraphProto g;
  BodyGraph& input(const std::string& name, ElementType type, bool scalar = false) {
    describe(g.add_input(), name, type, scalar);
    return *this;
  }
  BodyGraph& output(const std::string& name, ElementType type, bool scalar = false) {
    describe(g.add_output(), name, type, scalar);
    return *this;
  }
  onnx::NodeProto& node(const std::string& op, std::vector<std::string> in, std::vector<std::string> out) {
    auto* n = g.add_node();
    n->set_op_type(op);
    for (auto& i : in) n->add_input(i);
    for (auto& o : out) n->add_output(o);
    return *n;
  }
  static void describe(onnx::ValueInfoProto* v, const std::string& name, ElementType type, bool scalar) {
    v->set_name(name);
    auto* t = v->mutable_type()->mutable_tensor_type();
    t->set_elem_type(code_of(type));
    if (scalar) t->mutable_shape();
  }
};

inline void set_graph_attribute(onnx::NodeProto& node, const std::string& name, const BodyGraph& body) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::GRAPH);
  *a->mutable_g() = body.g;
  a->mutable_g()->set_name(name);
}

inline std::string load_or_run_error(const ModelBuilder& b, const std::map<std::string, Value>& feeds) {
  try {
    b.build().run(feeds);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

inline Tensor float_scalar(float v) { return Tensor::from_values<float>(ElementType::Float, {}, {v}); }
inline Tensor float_vector(std::vector<float> v) {
  return Tensor::from_values<float>(ElementType::Float, {static_cast<int64_t>(v.size())}, v);
}
inline Tensor bool_scalar(bool v) {
  return Tensor::from_values<uint8_t>(ElementType::Bool, {}, {static_cast<uint8_t>(v)});
}
inline Tensor int64_scalar_tensor(int64_t v) { return Tensor::from_values<int64_t>(ElementType::Int64, {}, {v}); }
inline std::vector<float> floats_of(const Value& v) {
  const Tensor& t = v.tensor();
  return {t.data_as<float>(), t.data_as<float>() + t.element_count()};
}

}  // namespace onnx_ref::testing
