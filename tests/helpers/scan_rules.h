#pragma once
// The helpers of the scan_rules_test cases, shared by the operator test files they were
// split into.
// Scan, every version (8, 9, 11, 16, 19, 21, 23, 24, 25): the rules of the ONNX 1.22.0 text, each
// check citing its sentence. Expected values by hand.
#include <doctest/doctest.h>
#include <map>
#include <string>
#include <vector>
#include "ops/control/control_graph_builder.h"

namespace scan_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

inline const std::vector<int64_t> kScan9On = {9, 11, 16, 19, 21, 23, 24, 25};

// A body with `states` running sums and one scan output per scan input (its element).
inline BodyGraph sum_body(int states, int scans) {
  BodyGraph body;
  for (int s = 0; s < states; ++s) body.input("s" + std::to_string(s), T::Float);
  for (int x = 0; x < scans; ++x) body.input("x" + std::to_string(x), T::Float);
  for (int s = 0; s < states; ++s) {
    body.output("so" + std::to_string(s), T::Float);
    body.node("Add", {"s" + std::to_string(s), "x" + std::to_string(s)}, {"so" + std::to_string(s)});
  }
  for (int x = 0; x < scans; ++x) {
    body.output("y" + std::to_string(x), T::Float);
    body.node("Identity", {"x" + std::to_string(x)}, {"y" + std::to_string(x)});
  }
  return body;
}

inline std::vector<std::vector<float>> run_all(const ModelBuilder& b) {
  std::vector<std::vector<float>> out;
  for (auto& [name, value] : b.build().run({})) out.push_back(floats_of(value));
  return out;
}

// Scan-8: a batch of two sequences of three, running sums.
inline ModelBuilder scan8(const std::string& lengths, const Tensor& xs) {
  ModelBuilder b(8);
  b.initializer("s", Tensor::from_values<float>(T::Float, {2, 1}, {0, 100}));
  b.initializer("xs", xs);
  b.initializer("lens", Tensor::from_values<int64_t>(T::Int64, {2}, {3, 2}));
  b.output("total").output("ys");
  auto& n = b.node("Scan", {lengths, "s", "xs"}, {"total", "ys"});
  set_int(n, "num_scan_inputs", 1);
  set_graph_attribute(n, "body", sum_body(1, 1));
  return b;
}

// scan8 with a second scan input `zs`, copied to a second scan output.
inline ModelBuilder scan8_with_second_input(const Tensor& xs, const Tensor& zs) {
  ModelBuilder b = scan8("", xs);
  b.initializer("zs", zs);
  auto* node = b.proto().mutable_graph()->mutable_node(0);
  node->add_input("zs");
  node->add_output("zy");
  b.output("zy");
  node->mutable_attribute(0)->set_i(2);
  auto* body = node->mutable_attribute(1)->mutable_g();
  BodyGraph::describe(body->add_input(), "z", T::Float, false);
  BodyGraph::describe(body->add_output(), "zo", T::Float, false);
  auto* copy = body->add_node();
  copy->set_op_type("Identity");
  copy->add_input("z");
  copy->add_output("zo");
  return b;
}

}  // namespace scan_rules_tests
