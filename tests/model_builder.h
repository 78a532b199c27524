#pragma once
// Builds small ModelProtos in code for the loader, executor and operator tests.
#include <memory>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

#include "interpreter/model.h"
#include "runtime/tensor_proto.h"

namespace onnx_ref::testing {

class ModelBuilder {
 public:
  explicit ModelBuilder(int64_t opset = 14, std::string domain = "") {
    proto_.set_ir_version(8);
    opset_import(std::move(domain), opset);
  }
  ModelBuilder& opset_import(std::string domain, int64_t version) {
    auto* op = proto_.add_opset_import();
    op->set_domain(std::move(domain));
    op->set_version(version);
    return *this;
  }
  ModelBuilder& ir_version(int64_t v) {
    proto_.set_ir_version(v);
    return *this;
  }
  // A graph input; dims empty with `rank_known` false means no shape at all.
  ModelBuilder& input(const std::string& name, ElementType type, std::vector<int64_t> dims, bool rank_known = true) {
    describe(graph()->add_input(), name, type, dims, rank_known);
    return *this;
  }
  ModelBuilder& output(const std::string& name, std::optional<ElementType> type = std::nullopt) {
    auto* v = graph()->add_output();
    v->set_name(name);
    if (type) v->mutable_type()->mutable_tensor_type()->set_elem_type(code_of(*type));
    return *this;
  }
  ModelBuilder& initializer(const std::string& name, const Tensor& t) {
    *graph()->add_initializer() = tensor_to_proto(t, name);
    return *this;
  }
  onnx::NodeProto& node(const std::string& op_type, std::vector<std::string> inputs, std::vector<std::string> outputs,
                        const std::string& domain = "") {
    auto* n = graph()->add_node();
    n->set_op_type(op_type);
    n->set_domain(domain);
    for (auto& i : inputs) n->add_input(i);
    for (auto& o : outputs) n->add_output(o);
    return *n;
  }
  onnx::ModelProto& proto() { return proto_; }
  Model build() const { return Model::from_proto(std::make_shared<onnx::ModelProto>(proto_), {}, "test.onnx"); }

 private:
  onnx::ModelProto proto_;
  onnx::GraphProto* graph() { return proto_.mutable_graph(); }
  static void describe(onnx::ValueInfoProto* v, const std::string& name, ElementType type,
                       const std::vector<int64_t>& dims, bool rank_known) {
    v->set_name(name);
    auto* t = v->mutable_type()->mutable_tensor_type();
    t->set_elem_type(code_of(type));
    if (!rank_known) return;
    auto* shape = t->mutable_shape();
    for (int64_t d : dims) shape->add_dim()->set_dim_value(d);
  }
};

inline void set_int(onnx::NodeProto& node, const std::string& name, int64_t value) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(value);
}

inline void set_ints(onnx::NodeProto& node, const std::string& name, const std::vector<int64_t>& values) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INTS);
  for (int64_t v : values) a->add_ints(v);
}

inline Tensor int64_tensor(const std::vector<int64_t>& values) {
  return Tensor::from_values<int64_t>(ElementType::Int64, {static_cast<int64_t>(values.size())}, values);
}

}  // namespace onnx_ref::testing
