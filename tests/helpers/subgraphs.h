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

#include "helpers/load_error.h"
#include "interpreter/model.h"
#include "ops/control/control_graph_builder.h"
#include "runtime/error.h"
#include "runtime/run_context.h"
#include "tests/model_builder.h"

using namespace onnx_ref;
using onnx_ref::testing::ModelBuilder;

namespace {

// A graph attribute built in place (tests/ops/control/control_graph_builder.h).
using Body = onnx_ref::testing::BodyGraph;

void set_graph(onnx::NodeProto& node, const std::string& name, const Body& body) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::GRAPH);
  *a->mutable_g() = body.g;
}

Tensor floats(std::vector<float> v) {
  return Tensor::from_values<float>(ElementType::Float, {static_cast<int64_t>(v.size())}, v);
}
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

std::string run_error(const Model& m, const std::map<std::string, Value>& feeds, const RunOptions& options = {}) {
  try {
    m.run(feeds, options);
  } catch (const Error& e) {
    return e.what();
  }
  return "(ran)";
}

}  // namespace
