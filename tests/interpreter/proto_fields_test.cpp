// onnx.proto's required fields and the FunctionProto rules the loader enforces, each check citing
// its sentence. Models are built by hand (tests/model_builder.h); the IR 9/10 FunctionProto fields
// Debian's ONNX classes lack (attribute_proto 11, value_info 12) are written as unknown fields, as
// the bytes of a newer model arrive.
#include <doctest/doctest.h>

#include <google/protobuf/unknown_field_set.h>

#include <map>
#include <string>
#include <vector>

#include "helpers/load_error.h"
#include "helpers/local_functions.h"
#include "helpers/sparse_initializer.h"
#include "model_builder.h"
#include "runtime/error.h"

namespace proto_fields_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// x -> Identity -> y, with x declared by `type`.
ModelBuilder identity_with_input_type(const onnx::TypeProto& type) {
  ModelBuilder b(18);
  b.output("y");
  auto* in = b.proto().mutable_graph()->add_input();
  in->set_name("x");
  *in->mutable_type() = type;
  b.node("Identity", {"x"}, {"y"});
  return b;
}

TEST_CASE("onnx.proto: an attribute without a name, a value type without its required parts, are refused") {
  ModelBuilder b(13);
  b.input("x", T::Float, {2, 3}).output("y");
  auto* a = b.node("Flatten", {"x"}, {"y"}).add_attribute();
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(1);
  // spec: onnx.proto: "The name field MUST be present for this version of the IR."
  CHECK(load_error(b) != "(loaded)");

  // spec: onnx.proto: "This field MUST be present for this version of the IR."
  onnx::TypeProto sequence_without_elem;
  sequence_without_elem.mutable_sequence_type();
  CHECK(load_error(identity_with_input_type(sequence_without_elem)).find("graph input 'x'") != std::string::npos);
  onnx::TypeProto map_without_key;
  map_without_key.mutable_map_type()->mutable_value_type()->mutable_tensor_type()->set_elem_type(code_of(T::Float));
  CHECK(load_error(identity_with_input_type(map_without_key)).find("declares a map without a key type") !=
        std::string::npos);
  onnx::TypeProto map_without_value;
  map_without_value.mutable_map_type()->set_key_type(code_of(T::Int64));
  CHECK(load_error(identity_with_input_type(map_without_value)).find("graph input 'x'") != std::string::npos);
  onnx::TypeProto optional_without_elem;
  optional_without_elem.mutable_optional_type();
  CHECK(load_error(identity_with_input_type(optional_without_elem)).find("graph input 'x'") != std::string::npos);
}

TEST_CASE("onnx.proto: a value info without a name, a model without ir_version, an opset import without a version") {
  // spec: onnx.proto: "This field MUST be present in this version of the IR."
  ModelBuilder unnamed(14);
  unnamed.input("", T::Float, {1}).output("y");
  unnamed.node("Neg", {""}, {"y"});
  CHECK(load_error(unnamed).find("a graph input has no name") != std::string::npos);
  ModelBuilder no_version(14);
  no_version.input("x", T::Float, {1}).output("y");
  no_version.node("Neg", {"x"}, {"y"});
  no_version.proto().mutable_opset_import(0)->clear_version();
  CHECK(load_error(no_version) != "(loaded)");

  // spec: onnx.proto: "This field MUST be present."
  ModelBuilder no_ir(14);
  no_ir.input("x", T::Float, {1}).output("y");
  no_ir.node("Neg", {"x"}, {"y"});
  no_ir.proto().clear_ir_version();
  CHECK(load_error(no_ir).find("ir_version is not set") != std::string::npos);
}

TEST_CASE("onnx.proto: an opset import without a domain is the default operator set") {
  ModelBuilder b(14);
  b.input("x", T::Float, {1}).output("y");
  b.node("Neg", {"x"}, {"y"});
  b.proto().mutable_opset_import(0)->clear_domain();
  // spec: onnx.proto: "This field MUST be present in this version of the IR when referring to any other operator set."
  // spec: IR.md: "Operator sets other than the default operator set MUST specify a domain"
  const auto out = b.build().run({{"x", Value(Tensor::from_values<float>(T::Float, {1}, std::vector<float>{2}))}});
  CHECK(out.at(0).second.tensor().data_as<float>()[0] == -2.0f);
}

void add_unknown(google::protobuf::Message& m, int field, const std::string& bytes) {
  m.GetReflection()->MutableUnknownFields(&m)->AddLengthDelimited(field, bytes);
}

// A model calling local.Twice on x; the function, Twice(X) = Add(X, X), added by add_twice_function.
ModelBuilder double_caller() {
  ModelBuilder b(17);
  b.opset_import("local", 1);
  b.input("x", T::Float, {1}).output("y");
  b.node("Twice", {"x"}, {"y"}, "local");
  return b;
}

onnx::FunctionProto& add_double(ModelBuilder& b) { return add_twice_function(b, "local"); }

TEST_CASE("onnx.proto and IR.md: a function attribute is a name or an AttributeProto, not both") {
  ModelBuilder b = double_caller();
  onnx::FunctionProto* f = &add_double(b);
  f->add_attribute("k");
  CHECK(load_error(b) == "(loaded)");
  onnx::AttributeProto k;
  k.set_name("k");
  k.set_type(onnx::AttributeProto::FLOAT);
  k.set_f(1.0f);
  add_unknown(*f, 11, k.SerializeAsString());
  // spec: onnx.proto: "A function attribute shall be represented either as a string attribute or an AttributeProto, not both."
  // spec: IR.md: "A function attribute shall be represented either as a string attribute or an Attribute, not both."
  // spec: IR.md: "The names in these two lists must be distinct."
  CHECK(load_error(b).find("declares attribute 'k' both in attribute and in attribute_proto") != std::string::npos);
}

TEST_CASE("onnx.proto: a function's value_info names its own values, each once") {
  auto value_info = [](const std::string& name) {
    onnx::ValueInfoProto v;
    v.set_name(name);
    v.mutable_type()->mutable_tensor_type()->set_elem_type(code_of(T::Float));
    return v.SerializeAsString();
  };
  ModelBuilder good = double_caller();
  add_unknown(add_double(good), 12, value_info("Y"));
  CHECK(load_error(good) == "(loaded)");
  // spec: onnx.proto: "The ValueInfoProto.name's must be distinct and refer to names in the function (including inputs, outputs, and intermediate values)."
  ModelBuilder twice = double_caller();
  onnx::FunctionProto& f = add_double(twice);
  add_unknown(f, 12, value_info("Y"));
  add_unknown(f, 12, value_info("Y"));
  CHECK(load_error(twice).find("two value_info entries for 'Y'") != std::string::npos);
  ModelBuilder stranger = double_caller();
  add_unknown(add_double(stranger), 12, value_info("Z"));
  CHECK(load_error(stranger).find("value_info for 'Z', which is none of its inputs, outputs or node outputs") !=
        std::string::npos);
}

// A sparse initializer of a [2, 2] tensor: values 5 and 7 at the [NNZ, rank] indices given.
onnx::SparseTensorProto sparse_2d(std::vector<int64_t> indices) {
  return sparse_initializer("w", {2, 2}, indices, {2, 2});
}

TEST_CASE("onnx.proto: [NNZ, rank] sparse indices in lexicographic order") {
  auto model = [](std::vector<int64_t> indices) {
    ModelBuilder b(14);
    b.output("w");
    *b.proto().mutable_graph()->add_sparse_initializer() = sparse_2d(std::move(indices));
    return b;
  };
  // [0, 1] then [1, 0]: 5 at (0, 1), 7 at (1, 0).
  const Tensor w = model({0, 1, 1, 0}).build().run({})[0].second.tensor();
  CHECK(std::vector<float>(w.data_as<float>(), w.data_as<float>() + 4) == std::vector<float>{0, 5, 7, 0});
  // spec: onnx.proto: "In the first format, the ordering is lexicographic-ordering: e.g., index-value [1,4] must appear before [2,1]"
  CHECK(load_error(model({1, 0, 0, 1})) != "(loaded)");
  CHECK(load_error(model({0, 1, 0, 1})) != "(loaded)");
}

TEST_CASE("onnx.proto: a function's imports give its nodes the operator versions the model's give") {
  // The model imports opset 17. Add's versions are 1, 6, 7, 13 and 14: a function importing 15
  // binds its Add to Add-14 as the model does; one importing 13 binds it to Add-13.
  ModelBuilder same = double_caller();
  add_double(same).mutable_opset_import(0)->set_version(15);
  // spec: onnx.proto: "The operator sets imported by FunctionProto should be compatible with the ones imported by ModelProto."
  // spec: onnx.proto: "Example, if same operator set say 'A' is imported by FunctionProto and ModelProto then versions for the operator set may be different but, the operator schema returned for op_type, domain, version combination for both the versions should be same."
  CHECK(load_error(same) == "(loaded)");
  ModelBuilder other = double_caller();
  add_double(other).mutable_opset_import(0)->set_version(13);
  // spec: onnx.proto: "The operator sets imported by FunctionProto should be compatible with the ones imported by ModelProto and other model local FunctionProtos."
  // spec: onnx.proto: "Example, if same operator set say 'A' is imported by a FunctionProto and ModelProto or by 2 FunctionProtos then versions for the operator set may be different but, the operator schema returned for op_type, domain, version combination for both the versions should be same for every node in the function body."
  CHECK(load_error(other).find("its node Add would be Add-13 and Add-14") != std::string::npos);
}

TEST_CASE("onnx.proto: an attribute's type is required from IR version 2") {
  auto flatten = [](int64_t ir) {
    ModelBuilder b(13);
    b.ir_version(ir);
    b.input("x", T::Float, {2, 3}).output("y");
    auto* a = b.node("Flatten", {"x"}, {"y"}).add_attribute();
    a->set_name("axis");
    a->set_i(0);
    return b;
  };
  // spec: onnx.proto: "The type field MUST be present for this version of the IR."
  CHECK(load_error(flatten(8)).find("attribute 'axis' has no type, which IR version 8 requires") != std::string::npos);
}

}  // namespace proto_fields_tests
