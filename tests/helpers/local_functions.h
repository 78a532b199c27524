#pragma once
// A model-local function for the loader's tests: domain:Twice(X) = Add(X, X), importing the default
// domain at `opset`.
#include <string>

#include "tests/model_builder.h"

inline onnx::FunctionProto& add_twice_function(onnx_ref::testing::ModelBuilder& b, const std::string& domain,
                                               int64_t opset = 17) {
  auto& f = *b.proto().add_functions();
  f.set_name("Twice");
  f.set_domain(domain);
  f.add_input("X");
  f.add_output("Y");
  auto* op = f.add_opset_import();
  op->set_domain("");
  op->set_version(opset);
  auto* add = f.add_node();
  add->set_op_type("Add");
  add->add_input("X");
  add->add_input("X");
  add->add_output("Y");
  return f;
}
