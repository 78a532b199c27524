// Model-local functions: calls with their own scope, attributes by ref_attr_name with the call's
// values or the function's attribute_proto defaults, overloads, nested and recursive calls. The
// IR 9/10 fields Debian's ONNX 1.12 classes lack (FunctionProto attribute_proto 11, overload 13;
// NodeProto overload 8) are written here as protobuf unknown fields, as the bytes of a newer
// model arrive. Expected values are worked out by hand in the comments.
#include <doctest/doctest.h>

#include <google/protobuf/unknown_field_set.h>

#include "helpers/load_error.h"
#include "interpreter/model.h"
#include "runtime/error.h"
#include "tests/model_builder.h"

using namespace onnx_ref;
using onnx_ref::testing::ModelBuilder;

namespace {

constexpr const char* kDomain = "local";

// MulAdd(A, B) = A * B + k, k a Constant whose value_float comes from the call's attribute `k`.
onnx::FunctionProto& mul_add(ModelBuilder& b, const std::string& name = "MulAdd") {
  auto& f = *b.proto().add_functions();
  f.set_name(name);
  f.set_domain(kDomain);
  f.add_input("A");
  f.add_input("B");
  f.add_output("C");
  f.add_attribute("k");
  auto* op = f.add_opset_import();
  op->set_domain("");
  op->set_version(17);
  auto* k = f.add_node();
  k->set_op_type("Constant");
  k->add_output("K");
  auto* ref = k->add_attribute();
  ref->set_name("value_float");
  ref->set_type(onnx::AttributeProto::FLOAT);
  ref->set_ref_attr_name("k");
  auto* mul = f.add_node();
  mul->set_op_type("Mul");
  mul->add_input("A");
  mul->add_input("B");
  mul->add_output("T");
  auto* add = f.add_node();
  add->set_op_type("Add");
  add->add_input("T");
  add->add_input("K");
  add->add_output("C");
  return f;
}

ModelBuilder caller(std::optional<float> k) {
  ModelBuilder b(17);
  b.opset_import(kDomain, 1);
  b.input("a", ElementType::Float, {2}).input("b", ElementType::Float, {2}).output("c", ElementType::Float);
  auto& call = b.node("MulAdd", {"a", "b"}, {"c"}, kDomain);
  if (k) {
    auto* a = call.add_attribute();
    a->set_name("k");
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(*k);
  }
  return b;
}

void add_unknown(google::protobuf::Message& m, int field, const std::string& bytes) {
  m.GetReflection()->MutableUnknownFields(&m)->AddLengthDelimited(field, bytes);
}

Tensor floats(std::vector<float> v) {
  return Tensor::from_values<float>(ElementType::Float, {static_cast<int64_t>(v.size())}, v);
}

std::vector<float> run_c(const ModelBuilder& b) {
  const Model m = b.build();
  const auto out = m.run({{"a", floats({1, 2})}, {"b", floats({3, 4})}});
  const Tensor& t = out.at(0).second.tensor();
  return {t.data_as<float>(), t.data_as<float>() + t.element_count()};
}

}  // namespace

TEST_CASE("functions: a call runs the body with the call's attribute values") {
  ModelBuilder b = caller(2.5f);
  mul_add(b);
  // [1*3 + 2.5, 2*4 + 2.5]
  CHECK(run_c(b) == std::vector<float>{5.5f, 10.5f});
}

TEST_CASE("functions: attribute_proto gives the default of an attribute the call leaves out") {
  ModelBuilder b = caller(std::nullopt);
  auto& f = mul_add(b);
  f.clear_attribute();  // declared through attribute_proto only, as IR 9 allows
  onnx::AttributeProto k;
  k.set_name("k");
  k.set_type(onnx::AttributeProto::FLOAT);
  k.set_f(1.0f);
  add_unknown(f, 11, k.SerializeAsString());
  // [1*3 + 1, 2*4 + 1]
  CHECK(run_c(b) == std::vector<float>{4.0f, 9.0f});
  // A value given by the call wins over the default.
  ModelBuilder given = caller(-1.0f);
  auto& g = mul_add(given);
  g.clear_attribute();
  add_unknown(g, 11, k.SerializeAsString());
  CHECK(run_c(given) == std::vector<float>{2.0f, 7.0f});
}

// spec: onnx.proto: "Overload identifier, used only to map this to a model-local function."
// spec: onnx.proto: "This is part of the unique-id (domain, name, overload) of FunctionProtos in a model."
// spec: IR.md: "overload|string|Part of unique id of function (added in IR version 10)"
// spec: IR.md: "This is intended to support cases where distinct function-bodies are required for distinct"
TEST_CASE("functions: the node's overload picks among functions of one name") {
  ModelBuilder b = caller(0.0f);
  add_unknown(mul_add(b), 13, "plus");
  // The second overload multiplies by itself: A * A + k.
  auto& square = mul_add(b);
  square.mutable_node(1)->set_input(1, "A");
  add_unknown(square, 13, "square");
  auto* call = b.proto().mutable_graph()->mutable_node(0);
  add_unknown(*call, 8, "square");
  CHECK(run_c(b) == std::vector<float>{1.0f, 4.0f});
  add_unknown(*call, 8, "plus");  // the last occurrence of a field wins, as in protobuf
  CHECK(run_c(b) == std::vector<float>{3.0f, 8.0f});
}

TEST_CASE("functions: nested calls, own scope, recursion and unknown attributes") {
  // Outer(A, B) = MulAdd(A, B) with k = 10: [13, 18].
  ModelBuilder nested(17);
  nested.opset_import(kDomain, 1);
  nested.input("a", ElementType::Float, {2}).input("b", ElementType::Float, {2}).output("c", ElementType::Float);
  nested.node("Outer", {"a", "b"}, {"c"}, kDomain);
  mul_add(nested);
  auto& outer = *nested.proto().add_functions();
  outer.set_name("Outer");
  outer.set_domain(kDomain);
  outer.add_input("X");
  outer.add_input("Y");
  outer.add_output("Z");
  auto* op = outer.add_opset_import();
  op->set_domain(kDomain);
  op->set_version(1);
  auto* inner = outer.add_node();
  inner->set_op_type("MulAdd");
  inner->set_domain(kDomain);
  inner->add_input("X");
  inner->add_input("Y");
  inner->add_output("Z");
  auto* k = inner->add_attribute();
  k->set_name("k");
  k->set_type(onnx::AttributeProto::FLOAT);
  k->set_f(10.0f);
  CHECK(run_c(nested) == std::vector<float>{13.0f, 18.0f});

  // The body sees only its own names: the caller's 'b' is not visible inside.
  ModelBuilder scoped = caller(1.0f);
  mul_add(scoped).mutable_node(1)->set_input(1, "b");
  CHECK(load_error(scoped) ==
        "test.onnx: node #0 (local:MulAdd) \u203a function 'local:MulAdd' \u203a node #1 (Mul-14): input 'b' is not "
        "defined "
        "by any graph input, initializer or earlier node");

  // A function that calls itself is refused at load, not run until the stack ends.
  ModelBuilder recursive = caller(1.0f);
  auto& self = mul_add(recursive);
  self.mutable_node(1)->set_op_type("MulAdd");
  self.mutable_node(1)->set_domain(kDomain);
  auto* pass_k = self.mutable_node(1)->add_attribute();  // k passed on, so every level is well formed
  pass_k->set_name("k");
  pass_k->set_type(onnx::AttributeProto::FLOAT);
  pass_k->set_ref_attr_name("k");
  auto* self_import = self.add_opset_import();
  self_import->set_domain(kDomain);
  self_import->set_version(1);
  // spec: onnx.proto: "One FunctionProto can reference other FunctionProto in the model, however, recursive reference is not allowed."
  CHECK(load_error(recursive).find("nest more than 32 levels deep (a function that calls itself never ends)") !=
        std::string::npos);

  ModelBuilder unknown = caller(1.0f);
  mul_add(unknown);
  auto* extra = unknown.proto().mutable_graph()->mutable_node(0)->add_attribute();
  extra->set_name("bogus");
  extra->set_type(onnx::AttributeProto::INT);
  CHECK(load_error(unknown) ==
        "test.onnx: node #0 (local:MulAdd): attribute 'bogus' is not an attribute of function 'local:MulAdd'");
}
