// Constant, ConstantOfShape and EyeLike: the pure rules exhaustively, the kernels on small tensors,
// and what is checked when a model is loaded (the value attribute, the output type, dtype).
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "int64_limits.h"
#include "kernel_only.h"
#include "op_tester.h"

#include <cstring>
#include <limits>

#include "model_builder.h"
#include "ops/generators/generator_rules.h"
#include "ops/registry.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

std::vector<Value> run_kernel(const std::string& op, int since, std::vector<std::optional<Value>> inputs,
                              const Attributes& attrs) {
  REQUIRE(Registry::builtin().resolve("", op, since) != nullptr);
  REQUIRE(Registry::builtin().resolve("", op, since)->since_version == since);
  return testing::run_node_rule(op, since, inputs, attrs);
}

// doctest::String, so that a message can be compared with == to a text or a doctest::Contains.
doctest::String load_error(const ModelBuilder& b) {
  try {
    b.build();
  } catch (const Error& e) {
    return e.what();
  }
  return "(loaded)";
}

void set_tensor(onnx::NodeProto& node, const std::string& name, const Tensor& t) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::TENSOR);
  *a->mutable_t() = tensor_to_proto(t);
}

// A model with one Constant node 'c' at `opset`; `set` adds its attributes.
template <class F>
ModelBuilder constant_model(int64_t opset, F set) {
  ModelBuilder b(opset);
  b.output("y");
  auto& n = b.node("Constant", {}, {"y"});
  n.set_name("c");
  set(n);
  return b;
}

Tensor run_constant(int64_t opset, const std::function<void(onnx::NodeProto&)>& set) {
  return constant_model(opset, set).build().run({})[0].second.tensor();
}

const std::vector<std::string> kAll{"sparse_value", "value",      "value_float",  "value_floats",
                                    "value_int",    "value_ints", "value_string", "value_strings"};

}  // namespace
