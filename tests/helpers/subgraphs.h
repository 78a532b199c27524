// Graphs inside graphs: scopes resolved at load at any depth, shadowing and undefined names
// refused, errors carrying the path into the graph, values freed after their last reader, the
// Loop iteration limit, and the sequence and optional operators' refusals. Expected values are
// worked out by hand in the comments.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "interpreter/model.h"
#include "runtime/error.h"
#include "runtime/run_context.h"
#include "tests/model_builder.h"

using namespace onnx_ref;
using onnx_ref::testing::ModelBuilder;

namespace {

// A graph attribute built in place: inputs and outputs typed as tensors of `type` (scalars when
// `scalar`), nodes added with node().
struct Body {
  onnx::GraphProto g;
  Body& input(const std::string& name, ElementType type, bool scalar = false) {
    describe(g.add_input(), name, type, scalar);
    return *this;
  }
  Body& output(const std::string& name, ElementType type, bool scalar = false) {
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

void set_graph(onnx::NodeProto& node, const std::string& name, const Body& body) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::GRAPH);
  *a->mutable_g() = body.g;
}

Tensor floats(std::vector<float> v) { return Tensor::from_values<float>(ElementType::Float, {static_cast<int64_t>(v.size())}, v); }
Tensor flag(bool b) { return Tensor::from_values<uint8_t>(ElementType::Bool, {}, {static_cast<uint8_t>(b)}); }
std::vector<float> values_of(const Value& v) {
  const Tensor& t = v.tensor();
  return {t.data_as<float>(), t.data_as<float>() + t.element_count()};
}

// If(c): then x + x; else Loop(M = 3, carried v = x) with body v + x, reading x two levels up.
ModelBuilder nested_scopes() {
  ModelBuilder b(16);
  b.input("x", ElementType::Float, {2}).input("c", ElementType::Bool, {});
  b.initializer("M", Tensor::from_values<int64_t>(ElementType::Int64, {}, {3}));
  b.output("r", ElementType::Float);
  Body then_branch;
  then_branch.output("t", ElementType::Float).node("Add", {"x", "x"}, {"t"});
  Body loop_body;
  loop_body.input("i", ElementType::Int64, true).input("cin", ElementType::Bool, true).input("v", ElementType::Float);
  loop_body.output("cout", ElementType::Bool, true).output("vout", ElementType::Float);
  loop_body.node("Identity", {"cin"}, {"cout"});
  loop_body.node("Add", {"v", "x"}, {"vout"});
  Body else_branch;
  else_branch.output("e", ElementType::Float);
  set_graph(else_branch.node("Loop", {"M", "", "x"}, {"e"}), "body", loop_body);
  auto& n = b.node("If", {"c"}, {"r"});
  n.set_name("if");
  set_graph(n, "then_branch", then_branch);
  set_graph(n, "else_branch", else_branch);
  return b;
}

std::string load_error(const ModelBuilder& b) {
  try {
    b.build();
  } catch (const Error& e) {
    return e.what();
  }
  return "(loaded)";
}

std::string run_error(const Model& m, const std::map<std::string, Value>& feeds, const RunOptions& options = {}) {
  try {
    m.run(feeds, options);
  } catch (const Error& e) {
    return e.what();
  }
  return "(ran)";
}

}  // namespace
