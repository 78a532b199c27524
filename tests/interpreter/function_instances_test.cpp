// Model-local functions are compiled once per distinct instantiation, so that loading stays
// proportional to the file: F_k calls F_{k-1} twice, 21 functions deep, is 2^20 calls of F_0 but
// 42 compiled nodes (the model's 1, F_20 ... F_1's 2 each, F_0's 1), counted against --max-nodes.
#include <doctest/doctest.h>

#include "interpreter/model.h"
#include "runtime/error.h"
#include "tests/model_builder.h"

using namespace onnx_ref;
using onnx_ref::testing::ModelBuilder;

namespace {

std::shared_ptr<onnx::ModelProto> doubling_functions(int depth) {
  ModelBuilder b(18);
  b.opset_import("local", 1);
  b.input("x", ElementType::Float, {1}).output("y", ElementType::Float);
  b.node("F" + std::to_string(depth), {"x"}, {"y"}, "local");
  for (int k = 0; k <= depth; ++k) {
    auto& f = *b.proto().add_functions();
    f.set_name("F" + std::to_string(k));
    f.set_domain("local");
    f.add_input("a");
    f.add_output("b");
    auto* op = f.add_opset_import();
    op->set_domain("");
    op->set_version(18);
    auto* local = f.add_opset_import();
    local->set_domain("local");
    local->set_version(1);
    if (k == 0) {
      auto* n = f.add_node();
      n->set_op_type("Neg");  // y = -x: an odd number of calls of F_0 negates, an even one does not
      n->add_input("a");
      n->add_output("b");
      continue;
    }
    for (const auto& [in, out] : {std::pair{"a", "t"}, std::pair{"t", "b"}}) {
      auto* n = f.add_node();
      n->set_op_type("F" + std::to_string(k - 1));
      n->set_domain("local");
      n->add_input(in);
      n->add_output(out);
    }
  }
  return std::make_shared<onnx::ModelProto>(b.proto());
}

}  // namespace

TEST_CASE("a function called 2^20 times through nested calls compiles to 42 nodes") {
  const auto proto = doubling_functions(20);
  CHECK_NOTHROW(Model::from_proto(proto, {}, "test.onnx", LoadOptions{false, false, 42}));
  CHECK_THROWS_WITH_AS(Model::from_proto(proto, {}, "test.onnx", LoadOptions{false, false, 41}),
                       doctest::Contains("the model expands to more than 41 nodes"), Error);
}

TEST_CASE("shared function bodies run as often as they are called") {
  // Depth 6: 2^6 = 64 calls of Neg, an even count, so y = x; depth 0: one Neg, y = -x.
  for (const auto& [depth, expected] : {std::pair{6, 2.5f}, std::pair{0, -2.5f}}) {
    const Model model = Model::from_proto(doubling_functions(depth), {}, "test.onnx");
    const auto out = model.run({{"x", Value(Tensor::from_values<float>(ElementType::Float, {1}, {2.5f}))}});
    CHECK(out.front().second.tensor().data_as<float>()[0] == expected);
  }
}

TEST_CASE("calls with other attribute values or other omitted inputs get bodies of their own") {
  // Scale(x) = x * k, k from the call's attribute: two calls, k = 2 and k = 3, give 2x and 3x.
  ModelBuilder b(18);
  b.opset_import("local", 1);
  b.input("x", ElementType::Float, {1}).output("y2", ElementType::Float).output("y3", ElementType::Float);
  for (const auto& [out, k] : {std::pair{"y2", 2.0f}, std::pair{"y3", 3.0f}}) {
    auto& call = b.node("Scale", {"x"}, {out}, "local");
    auto* a = call.add_attribute();
    a->set_name("k");
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(k);
  }
  auto& f = *b.proto().add_functions();
  f.set_name("Scale");
  f.set_domain("local");
  f.add_input("a");
  f.add_output("b");
  f.add_attribute("k");
  auto* op = f.add_opset_import();
  op->set_domain("");
  op->set_version(18);
  auto* c = f.add_node();
  c->set_op_type("Constant");
  c->add_output("K");
  auto* ref = c->add_attribute();
  ref->set_name("value_float");
  ref->set_type(onnx::AttributeProto::FLOAT);
  ref->set_ref_attr_name("k");
  auto* mul = f.add_node();
  mul->set_op_type("Mul");
  mul->add_input("a");
  mul->add_input("K");
  mul->add_output("b");
  const auto out = b.build().run({{"x", Value(Tensor::from_values<float>(ElementType::Float, {1}, {1.5f}))}});
  CHECK(out[0].second.tensor().data_as<float>()[0] == 3.0f);
  CHECK(out[1].second.tensor().data_as<float>()[0] == 4.5f);
}
