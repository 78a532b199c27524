// IR.md's rules on models, graphs, nodes, attributes and tensors that the loader enforces, each
// check citing its sentence.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "helpers/sparse_initializer.h"
#include "model_builder.h"
#include "node_runner.h"
#include "runtime/error.h"

namespace ir_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

std::string error_of(const ModelBuilder& b, const std::map<std::string, Value>& feeds = {}) {
  try {
    b.build().run(feeds);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

Tensor floats(std::vector<float> v) {
  return Tensor::from_values<float>(T::Float, {static_cast<int64_t>(v.size())}, v);
}

// spec: IR.md: "An inference-only runtime can consume a training model ignoring the training-related extensions."
TEST_CASE("IR: a model with training information runs, its training graphs ignored") {
  ModelBuilder b(14);
  b.input("x", T::Float, {2}).output("y");
  b.node("Neg", {"x"}, {"y"});
  auto* training = b.proto().add_training_info();
  auto* algorithm = training->mutable_algorithm();
  algorithm->set_name("step");
  auto* update = algorithm->add_node();
  update->set_op_type("Add");
  update->add_input("x");
  update->add_input("x");
  update->add_output("x_next");
  algorithm->add_output()->set_name("x_next");
  auto* binding = training->add_update_binding();
  binding->set_key("x");
  binding->set_value("x_next");
  const auto out = b.build().run({{"x", Value(floats({1, -2}))}});
  REQUIRE(out.size() == 1);
  CHECK(out[0].second.tensor().data_as<float>()[0] == -1.0f);
  CHECK(out[0].second.tensor().data_as<float>()[1] == 2.0f);
}

// spec: IR.md: "Each operator used within a graph MUST be explicitly declared by one of the operator sets imported by the model."
// spec: IR.md: "An implementation must support all operators in the set or reject the model."
TEST_CASE("IR: an operator of a domain the model does not import, or that no imported set defines, is refused") {
  ModelBuilder other(14);
  other.input("x", T::Float, {2}).output("y");
  other.node("Relu", {"x"}, {"y"}, "com.example");
  CHECK(error_of(other).find("com.example") != std::string::npos);
  ModelBuilder unknown(14);
  unknown.input("x", T::Float, {2}).output("y");
  unknown.node("Frobnicate", {"x"}, {"y"});
  CHECK_THROWS_AS(unknown.build(), UnsupportedError);
}

// spec: IR.md: "A variadic operator has a minimum arity, which specifies the minimum number of operands that must be specified."
// spec: IR.md: "For each variadic operator input, N or more node inputs must be specified where N is the minimum arity of the operator."
// spec: IR.md: "For each variadic operator output, N or more node outputs must be specified where N is the minimum arity of the operator."
TEST_CASE("IR: a variadic input or output given fewer operands than its minimum arity is refused") {
  ModelBuilder no_inputs(13);
  no_inputs.output("y");
  no_inputs.node("Sum", {}, {"y"});
  CHECK_THROWS_AS(no_inputs.build(), Error);
  ModelBuilder no_outputs(13);
  no_outputs.input("x", T::Float, {2});
  no_outputs.node("Split", {"x"}, {});
  no_outputs.output("x");
  CHECK_THROWS_AS(no_outputs.build(), Error);
  ModelBuilder one(13);
  one.input("x", T::Float, {2}).output("y");
  one.node("Sum", {"x"}, {"y"});
  CHECK(error_of(one, {{"x", Value(floats({1, 2}))}}) == "");
}

// spec: IR.md: "There are two ways to leave an optional input or output unspecified: the first, available only for trailing inputs and outputs, is to simply not provide that input or output; the second method is to use an empty string in place of an input or output name."
TEST_CASE("IR: an optional input left out by omission (trailing) or by an empty name") {
  // Clip-13 (x, min, max): max = 1 with min given as "", and min = 0 with max omitted.
  ModelBuilder b(13);
  b.input("x", T::Float, {3}).output("upper").output("lower");
  b.initializer("one", Tensor::from_values<float>(T::Float, {}, {1}))
      .initializer("zero", Tensor::from_values<float>(T::Float, {}, {0}));
  b.node("Clip", {"x", "", "one"}, {"upper"});
  b.node("Clip", {"x", "zero"}, {"lower"});
  const auto out = b.build().run({{"x", Value(floats({-2, 0.5f, 3}))}});
  const float* upper = out[0].second.tensor().data_as<float>();
  const float* lower = out[1].second.tensor().data_as<float>();
  CHECK(std::vector<float>(upper, upper + 3) == std::vector<float>{-2, 0.5f, 1});
  CHECK(std::vector<float>(lower, lower + 3) == std::vector<float>{0, 0.5f, 3});
}

// spec: IR.md: "The operators `Optional` and `OptionalGetElement` MUST be explicitly used to convert between"
TEST_CASE("IR: an optional value is not a tensor: a tensor operator reading it is refused") {
  ModelBuilder b(18);
  b.output("y");
  auto* in = b.proto().mutable_graph()->add_input();
  in->set_name("x");
  in->mutable_type()->mutable_optional_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(
      code_of(T::Float));
  b.node("Abs", {"x"}, {"y"});
  CHECK_THROWS_AS(b.build(), Error);
}

// spec: IR.md: "Primitive numeric, string, and Boolean types MUST be used as elements of tensors."
// spec: IR.md: "In the current implementation, the number of dimensions in a shape MUST represent the rank of the tensor."
TEST_CASE("IR: tensor elements of a defined primitive type; a fed tensor's rank is the declared one") {
  ModelBuilder bad(14);
  bad.input("x", T::Float, {2}).output("x");
  bad.proto().mutable_graph()->mutable_input(0)->mutable_type()->mutable_tensor_type()->set_elem_type(99);
  CHECK_THROWS_AS(bad.build(), Error);
  ModelBuilder rank(14);
  rank.input("x", T::Float, {2}).output("y");
  rank.node("Neg", {"x"}, {"y"});
  CHECK(error_of(rank, {{"x", Value(Tensor::zeros(T::Float, {2, 1}))}}).find("rank") != std::string::npos);
}

// spec: IR.md: "- If S has length 0, V must have length 1, since the empty product is defined to be 1."
// spec: IR.md: "If any dimensions are 0, V must have length 0."
TEST_CASE("IR: a scalar initializer holds one value; an initializer with a zero dimension holds none") {
  ModelBuilder scalar(14);
  scalar.output("c");
  onnx::TensorProto two;
  two.set_name("c");
  two.set_data_type(code_of(T::Float));
  two.add_float_data(1);
  two.add_float_data(2);
  *scalar.proto().mutable_graph()->add_initializer() = two;
  CHECK_THROWS_AS(scalar.build(), Error);
  ModelBuilder empty(14);
  empty.output("c");
  onnx::TensorProto none;
  none.set_name("c");
  none.set_data_type(code_of(T::Float));
  none.add_dims(0);
  none.add_float_data(1);
  *empty.proto().mutable_graph()->add_initializer() = none;
  CHECK_THROWS_AS(empty.build(), Error);
}

// spec: IR.md: "A value name used in a graph must have a unique definition, with the exception that the same name MAY appear in both the graph input list and graph initializer list."
TEST_CASE("IR: a name both an input and an initializer is one value; defined twice otherwise is refused") {
  ModelBuilder both(14);
  both.input("w", T::Float, {1}).initializer("w", floats({5})).output("y");
  both.node("Neg", {"w"}, {"y"});
  const Model m = both.build();
  CHECK(m.run({})[0].second.tensor().data_as<float>()[0] == -5.0f);
  CHECK(m.run({{"w", Value(floats({2}))}})[0].second.tensor().data_as<float>()[0] == -2.0f);
  ModelBuilder twice(14);
  twice.input("w", T::Float, {1}).output("w");
  twice.node("Neg", {"w"}, {"w"});
  CHECK_THROWS_AS(twice.build(), Error);
}

// spec: IR.md: "An attribute MUST have only one of the value-carrying properties."
// spec: onnx.proto: "Exactly ONE of the following fields must be present for this version of the IR"
// spec: onnx.proto: "An AttributeProto MUST contain the name field, and *only one* of the following content fields, effectively enforcing a C/C++ union equivalent."
TEST_CASE("IR: an attribute carrying two values is refused") {
  ModelBuilder b(13);
  b.input("x", T::Float, {2, 3}).output("y");
  auto& n = b.node("Flatten", {"x"}, {"y"});
  auto* a = n.add_attribute();
  a->set_name("axis");
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(1);
  a->add_ints(2);
  CHECK_THROWS_AS(b.build(), Error);
}

// spec: IR.md: "For example, if the graph has two inputs X and Y each with shape ["N"], then at runtime the values passed in for X and Y MUST be tensors of rank 1 with the same dimension."
TEST_CASE("IR: two inputs declared with one dimension variable must be fed the same size") {
  ModelBuilder b(14);
  b.input("x", T::Float, {1}).input("y", T::Float, {1}).output("z");
  for (int i = 0; i < 2; ++i)
    b.proto()
        .mutable_graph()
        ->mutable_input(i)
        ->mutable_type()
        ->mutable_tensor_type()
        ->mutable_shape()
        ->mutable_dim(0)
        ->set_dim_param("N");
  b.node("Add", {"x", "y"}, {"z"});
  const Model m = b.build();
  CHECK(m.run({{"x", Value(floats({1, 2}))}, {"y", Value(floats({3, 4}))}}).size() == 1);
  CHECK_THROWS_AS(m.run({{"x", Value(floats({1, 2}))}, {"y", Value(floats({3}))}}), Error);
}

// spec: onnx.proto: "For IR_VERSION 0.0.2 or later, this field MUST be set and match the f|i|s|t|... field in use."
TEST_CASE("IR: an attribute whose type names another field than the one set is refused") {
  ModelBuilder b(13);
  b.input("x", T::Float, {2, 3}).output("y");
  auto* a = b.node("Flatten", {"x"}, {"y"}).add_attribute();
  a->set_name("axis");
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_i(1);
  CHECK_THROWS_AS(b.build(), Error);
}

// spec: onnx.proto: "All ModelProtos MUST have at least one entry that specifies which version of the ONNX OperatorSet is being imported."
TEST_CASE("IR: a model that imports no operator set is refused") {
  ModelBuilder b(14);
  b.proto().clear_opset_import();
  b.input("x", T::Float, {2}).output("y");
  b.node("Neg", {"x"}, {"y"});
  CHECK_THROWS_AS(b.build(), Error);
}

// spec: onnx.proto: "Each initializer (both TensorProto as well SparseTensorProto) MUST have a name."
// spec: onnx.proto: "The name MUST be unique across both initializer and sparse_initializer, but the name MAY also appear in the input list."
// spec: onnx.proto: "The ValueInfoProto.name's must be distinct."
TEST_CASE("IR: initializers are named, once; graph inputs are named once") {
  ModelBuilder unnamed(14);
  unnamed.output("y").initializer("", floats({1}));
  CHECK_THROWS_AS(unnamed.build(), Error);
  ModelBuilder twice(14);
  twice.output("w").initializer("w", floats({1})).initializer("w", floats({2}));
  CHECK_THROWS_AS(twice.build(), Error);
  ModelBuilder inputs(14);
  inputs.input("x", T::Float, {1}).input("x", T::Float, {1}).output("x");
  CHECK_THROWS_AS(inputs.build(), Error);
}

// An initializer [2, 2] holding 1, 2, 3, 4 is [[1, 2], [3, 4]]: its transpose is 1, 3, 2, 4.
// spec: onnx.proto: "Tensor content must be organized in row-major order."
TEST_CASE("IR: tensor content is row-major") {
  ModelBuilder b(13);
  b.initializer("m", Tensor::from_values<float>(T::Float, {2, 2}, {1, 2, 3, 4})).output("t");
  b.node("Transpose", {"m"}, {"t"});
  const auto out = b.build().run({});
  const float* t = out[0].second.tensor().data_as<float>();
  CHECK(std::vector<float>(t, t + 4) == std::vector<float>{1, 3, 2, 4});
}

// spec: IR.md: "Can only be used within the function body."
// spec: onnx.proto: "NOTE: This should ONLY be used in function (sub-graph)."
TEST_CASE("IR: an attribute reference (ref_attr_name) outside a function body is refused") {
  ModelBuilder b(13);
  b.input("x", T::Float, {2, 3}).output("y");
  auto* a = b.node("Flatten", {"x"}, {"y"}).add_attribute();
  a->set_name("axis");
  a->set_type(onnx::AttributeProto::INT);
  a->set_ref_attr_name("axis");
  CHECK_THROWS_AS(b.build(), Error);
}

// spec: IR.md: "name|string|An optional name of the node, used for diagnostic purposes only."
TEST_CASE("IR: a node's name changes nothing but the messages") {
  const auto run_named = [](const std::string& name) {
    ModelBuilder b(14);
    b.input("x", T::Float, {2}).output("y");
    b.node("Neg", {"x"}, {"y"}).set_name(name);
    return b.build().run({{"x", Value(floats({1.5f, -2}))}})[0].second.tensor();
  };
  CHECK(run_named("").identical_to(run_named("a name")));
}

// spec: IR.md: "Attribute values are only found in nodes, passed to operators by name association."
TEST_CASE("IR: attributes reach the operator by name, in any order") {
  const auto run_order = [](bool swapped) {
    ModelBuilder b(13);
    b.input("x", T::Float, {4}).output("y");
    auto& n = b.node("Gemm", {"x", "x"}, {"y"});
    n.set_input(0, "a");
    n.set_input(1, "b");
    b.initializer("a", Tensor::from_values<float>(T::Float, {1, 2}, {1, 2}));
    b.initializer("b", Tensor::from_values<float>(T::Float, {1, 2}, {3, 4}));
    // transB = 1 and alpha = 2 given in either order: 2 * (1 * 3 + 2 * 4) = 22.
    if (swapped) {
      set_float_attribute(n, "alpha", 2);
      set_int(n, "transB", 1);
    } else {
      set_int(n, "transB", 1);
      set_float_attribute(n, "alpha", 2);
    }
    b.proto().mutable_graph()->clear_input();
    return b.build().run({})[0].second.tensor().data_as<float>()[0];
  };
  CHECK(run_order(false) == 22.0f);
  CHECK(run_order(true) == 22.0f);
}

// spec: onnx.proto: "This field MUST refer to an integral type ([U]INT{8|16|32|64}) or STRING"
TEST_CASE("IR: a map whose key type is not an integer or a string is refused") {
  ModelBuilder b(14);
  b.output("m");
  auto* in = b.proto().mutable_graph()->add_input();
  in->set_name("m");
  auto* map = in->mutable_type()->mutable_map_type();
  map->set_key_type(code_of(T::Float));
  map->mutable_value_type()->mutable_tensor_type()->set_elem_type(code_of(T::Float));
  CHECK_THROWS_AS(b.build(), Error);
}

// 1.5 as IEEE 754 binary32 is 0x3FC00000, written little-endian: 00 00 C0 3F.
// spec: onnx.proto: "Floating-point data types MUST be stored in IEEE 754 format."
TEST_CASE("IR: raw_data holds IEEE 754 little-endian values") {
  ModelBuilder b(14);
  b.output("c");
  onnx::TensorProto t;
  t.set_name("c");
  t.set_data_type(code_of(T::Float));
  t.add_dims(1);
  t.set_raw_data(std::string("\x00\x00\xc0\x3f", 4));
  *b.proto().mutable_graph()->add_initializer() = t;
  CHECK(b.build().run({})[0].second.tensor().data_as<float>()[0] == 1.5f);
}

// A sparse initializer: values [5, 7] at linear indices of a [4] tensor.
onnx::SparseTensorProto sparse(const std::string& name, std::vector<int64_t> indices) {
  return sparse_initializer(name, {4}, indices, {2});
}

// spec: onnx.proto: "The default-value is zero for numeric tensors, and empty-string for string tensors. values must have a non-empty name present which serves as a name for SparseTensorProto when used in sparse_initializer list."
// spec: onnx.proto: "(b) Indices can be a tensor of shape [NNZ], in which case the i-th value must be the linearized-index of the i-th value (in the values tensor)."
// spec: onnx.proto: "The indices must appear in ascending order without duplication."
TEST_CASE("IR: a sparse initializer is named; zeros elsewhere; its indices ascend without repeats") {
  const auto model = [](const onnx::SparseTensorProto& s) {
    ModelBuilder b(14);
    b.output("w");
    *b.proto().mutable_graph()->add_sparse_initializer() = s;
    return b;
  };
  const Tensor w = model(sparse("w", {1, 3})).build().run({})[0].second.tensor();
  CHECK(std::vector<float>(w.data_as<float>(), w.data_as<float>() + 4) == std::vector<float>{0, 5, 0, 7});
  CHECK_THROWS_AS(model(sparse("", {1, 3})).build(), Error);
  CHECK_THROWS_AS(model(sparse("w", {3, 1})).build(), Error);
  CHECK_THROWS_AS(model(sparse("w", {1, 1})).build(), Error);
}

}  // namespace ir_rules_tests
