// Model-local functions: the identity and ordering rules of IR.md and onnx.proto, each check citing
// its sentence.
#include <doctest/doctest.h>

#include <string>

#include "model_builder.h"
#include "runtime/error.h"

namespace function_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// Twice(X) = X + X in domain "local", its body's nodes in the order given.
onnx::FunctionProto& twice(ModelBuilder& b, bool in_order = true) {
  auto& f = *b.proto().add_functions();
  f.set_name("Twice");
  f.set_domain("local");
  f.add_input("X");
  f.add_output("Y");
  auto* op = f.add_opset_import();
  op->set_domain("");
  op->set_version(17);
  auto* copy = f.add_node();
  copy->set_op_type("Identity");
  copy->add_input("X");
  copy->add_output("Z");
  auto* add = f.add_node();
  add->set_op_type("Add");
  add->add_input("Z");
  add->add_input("Z");
  add->add_output("Y");
  if (!in_order) f.mutable_node()->SwapElements(0, 1);
  return f;
}

ModelBuilder calling(int functions, bool in_order = true) {
  ModelBuilder b(17);
  b.opset_import("local", 1);
  b.input("x", T::Float, {2}).output("y");
  b.node("Twice", {"x"}, {"y"}, "local");
  for (int i = 0; i < functions; ++i) twice(b, in_order);
  return b;
}

// spec: onnx.proto: "The (domain, name, overload) tuple must be unique across the function protos in this list."
// spec: IR.md: "field overload, and the triple (name, domain, overload) acts as a unique-id across functions stored in"
TEST_CASE("functions: two functions with one domain, name and overload are refused") {
  const auto out = calling(1).build().run({{"x", Value(Tensor::from_values<float>(T::Float, {2}, {1.5f, -2}))}});
  CHECK(out[0].second.tensor().data_as<float>()[0] == 3.0f);
  CHECK_THROWS_AS(calling(2).build(), Error);
}

// spec: IR.md: "It must be in topological order."
TEST_CASE("functions: a body whose nodes are out of topological order is refused") {
  CHECK_THROWS_AS(calling(1, false).build(), Error);
}

}  // namespace function_rules_tests
