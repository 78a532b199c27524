// Loading and checking graphs, feeding and running them.
#include <doctest/doctest.h>

#include "helpers/load_error.h"
#include "model_builder.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

ModelBuilder reshape_graph(int64_t opset = 14) {
  ModelBuilder b(opset);
  b.input("x", T::Float, {2, 3}).output("y").initializer("shape", int64_tensor({3, 2}));
  b.node("Reshape", {"x", "shape"}, {"y"}).set_name("r");
  return b;
}

}  // namespace

TEST_CASE("model: a chain of Reshape and Flatten shares the input's storage end to end") {
  ModelBuilder b(14);
  b.input("x", T::Float, {2, 3, 4})
      .output("z")
      .initializer("s1", int64_tensor({4, -1}))
      .initializer("s2", int64_tensor({-1}));
  b.node("Reshape", {"x", "s1"}, {"a"});
  b.node("Flatten", {"a"}, {"b"});
  b.node("Reshape", {"b", "s2"}, {"z"});
  const Tensor x = Tensor::zeros(T::Float, {2, 3, 4});
  const auto out = b.build().run({{"x", x}});
  CHECK(out[0].second.tensor().shape() == Shape{24});
  CHECK(out[0].second.tensor().shares_storage_with(x));
}

TEST_CASE("model: a graph output may be a graph input or an initializer") {
  ModelBuilder b(14);
  const Tensor w = Tensor::from_values<float>(T::Float, {2}, {1.5f, -2});
  b.input("x", T::Int8, {3}).output("x").output("w").initializer("w", w);
  const Tensor x = Tensor::from_values<int8_t>(T::Int8, {3}, {1, 2, 3});
  const auto out = b.build().run({{"x", x}});
  REQUIRE(out.size() == 2);
  CHECK(out[0].first == "x");
  CHECK(out[0].second.tensor().shares_storage_with(x));
  CHECK(out[1].first == "w");
  CHECK(out[1].second.tensor().identical_to(w));
}

TEST_CASE("model: an initializer listed as an input is its default value, and a feed overrides it") {
  ModelBuilder b = reshape_graph();
  b.input("shape", T::Int64, {2});
  const Model m = b.build();
  CHECK(m.required_inputs().size() == 1);
  CHECK(m.optional_inputs().size() == 1);
  const Tensor x = Tensor::zeros(T::Float, {2, 3});
  CHECK(m.run({{"x", x}})[0].second.tensor().shape() == Shape{3, 2});
  CHECK(m.run({{"x", x}, {"shape", int64_tensor({6, 1})}})[0].second.tensor().shape() == Shape{6, 1});
  CHECK_THROWS_WITH_AS(m.run({{"x", x}, {"shape", int64_tensor({6})}}),
                       "test.onnx: input 'shape' is int64[1] but the model declares tensor(int64)[2] (dimension 0)",
                       Error);
}

TEST_CASE("model: an initializer that contradicts its input declaration is refused") {
  ModelBuilder b = reshape_graph();
  b.input("shape", T::Int32, {2});
  CHECK(load_error(b) ==
        "test.onnx: initializer 'shape' (default of the graph input) is int64[2] but the model declares "
        "tensor(int32)[2]");
}

// spec: IR.md: "The list of nodes defining the top-level computation graph MUST be ordered topologically"
// spec: IR.md: "Node dependencies MUST NOT create cycles in the computation graph."
// spec: IR.md: "It must refer to either a graph input, a graph initializer or a node output."
// spec: IR.md: "Each computation dataflow graph is structured as a topologically sorted list of nodes that form a graph, which MUST be free of cycles."
TEST_CASE("model: node inputs must be defined earlier (topological order, no cycles)") {
  ModelBuilder later(14);
  later.input("x", T::Float, {4}).output("z").initializer("s", int64_tensor({2, 2}));
  later.node("Flatten", {"a"}, {"z"});
  later.node("Reshape", {"x", "s"}, {"a"});
  CHECK(load_error(later) ==
        "test.onnx: node #0 (Flatten-13): input 'a' is only produced by a later node, #1 (nodes must be in topological "
        "order; "
        "--sort-nodes sorts them)");

  ModelBuilder cycle(14);
  cycle.input("x", T::Float, {4}).output("b").initializer("s", int64_tensor({4}));
  cycle.node("Reshape", {"b", "s"}, {"a"});
  cycle.node("Reshape", {"a", "s"}, {"b"});
  CHECK(load_error(cycle) ==
        "test.onnx: node #0 (Reshape-14): input 'b' is produced by node #1, which depends on this node's output: the "
        "graph has a cycle");

  ModelBuilder self_loop(14);
  self_loop.input("x", T::Float, {4}).output("a");
  self_loop.node("Flatten", {"a"}, {"a"});
  CHECK(load_error(self_loop) ==
        "test.onnx: node #0 (Flatten-13): input 'a' is the node's own output: the graph has a cycle");

  ModelBuilder nowhere(14);
  nowhere.input("x", T::Float, {4}).output("a");
  nowhere.node("Flatten", {"ghost"}, {"a"});
  CHECK(
      load_error(nowhere) ==
      "test.onnx: node #0 (Flatten-13): input 'ghost' is not defined by any graph input, initializer or earlier node");
}

// spec: IR.md: "The graph MUST use single static assignment for all node outputs, which means that all node output names MUST be unique within a graph."
// spec: IR.md: "The graph MUST adhere to single static assignment (SSA) for all node outputs; this means that all node output names MUST be unique within a graph."
// spec: IR.md: "Within a namespace, each name MUST be unique for each given graph."
TEST_CASE("model: every name is assigned once") {
  ModelBuilder twice(14);
  twice.input("x", T::Float, {4}).output("a");
  twice.node("Flatten", {"x"}, {"a"});
  twice.node("Flatten", {"x"}, {"a"}).set_name("second");
  CHECK(load_error(twice) ==
        "test.onnx: node 'second' (#1, Flatten-13): 'a' is assigned by node #1 but is already assigned by node #0 "
        "(every name is assigned once)");

  ModelBuilder shadow(14);
  shadow.input("x", T::Float, {4}).output("x");
  shadow.node("Flatten", {"x"}, {"x"});
  CHECK(load_error(shadow).find("'x' is assigned by node #0 but is already assigned by graph input 'x'") !=
        std::string::npos);

  ModelBuilder duplicate_input(14);
  duplicate_input.input("x", T::Float, {4}).input("x", T::Float, {4}).output("x");
  CHECK(load_error(duplicate_input).find("already assigned by graph input 'x'") != std::string::npos);
}

TEST_CASE("model: operators, domains and opsets") {
  ModelBuilder unknown(14);
  unknown.input("x", T::Float, {4}).output("y");
  unknown.node("NoSuchOperator", {"x"}, {"y"});
  CHECK_THROWS_WITH_AS(unknown.build(),
                       "test.onnx: node #0 (NoSuchOperator): unsupported operator NoSuchOperator (opset 14)",
                       UnsupportedError);

  ModelBuilder domain(14);
  domain.input("x", T::Float, {4}).output("y");
  domain.node("Gelu", {"x"}, {"y"}, "com.microsoft");
  CHECK_THROWS_WITH_AS(domain.build(),
                       "test.onnx: node #0 (com.microsoft:Gelu): unsupported operator com.microsoft:Gelu (domain "
                       "'com.microsoft' is not imported either)",
                       UnsupportedError);

  ModelBuilder no_import(14);
  no_import.input("x", T::Float, {4}).output("y").initializer("s", int64_tensor({4}));
  set_int(no_import.node("Reshape", {"x", "s"}, {"y"}, "org.openvinotoolkit"), "special_zero", 1);
  CHECK_THROWS_WITH_AS(no_import.build(),
                       "test.onnx: node #0 (org.openvinotoolkit:Reshape): the model imports no opset for domain "
                       "'org.openvinotoolkit', which "
                       "org.openvinotoolkit:Reshape belongs to",
                       Error);

  ModelBuilder ai_onnx(0);  // "ai.onnx" is the default domain under another name
  ai_onnx.proto().clear_opset_import();
  ai_onnx.opset_import("ai.onnx", 11);
  ai_onnx.input("x", T::Float, {2, 3}).output("y");
  ai_onnx.node("Flatten", {"x"}, {"y"}, "ai.onnx");
  CHECK(ai_onnx.build().kernel_labels() == std::vector<std::string>{"Flatten-11"});

  ModelBuilder zero(0);
  zero.input("x", T::Float, {4}).output("y");
  zero.node("Flatten", {"x"}, {"y"});
  CHECK(load_error(zero) == "test.onnx: opset import for domain ai.onnx (\"\") has version 0; versions start at 1");

  ModelBuilder twice(14);
  twice.opset_import("ai.onnx", 13).input("x", T::Float, {4}).output("x");
  CHECK(twice.build().opsets().at("") == 14);  // imported twice: the highest version binds (onnx.proto)
}

// spec: IR.md: "The number of inputs and outputs in a node, their types, the set of attributes specified in a node and their types MUST satisfy the constraints imposed by the signature of the node's operator."
TEST_CASE("model: IR versions, missing graph, and node arity") {
  ModelBuilder ir(14);
  ir.input("x", T::Float, {4}).output("x").ir_version(99);
  CHECK(load_error(ir) == "test.onnx: IR version 99 is not one onnx-ref knows (1 to 13)");

  ModelBuilder empty(14);
  empty.proto().clear_graph();
  CHECK(load_error(empty) == "test.onnx: not an ONNX model: it has no graph");

  ModelBuilder missing(14);
  missing.input("x", T::Float, {4}).output("y");
  missing.node("Reshape", {"x"}, {"y"});
  CHECK(load_error(missing) == "test.onnx: node #0 (Reshape-14): required input 1 ('shape') is missing");

  ModelBuilder extra(14);
  extra.input("x", T::Float, {4}).output("y").initializer("s", int64_tensor({4}));
  extra.node("Reshape", {"x", "s", "s"}, {"y"});
  CHECK(load_error(extra) == "test.onnx: node #0 (Reshape-14): Reshape-14 takes at most 2 inputs, the node has 3");

  ModelBuilder outputs(14);
  outputs.input("x", T::Float, {4}).output("y");
  outputs.node("Flatten", {"x"}, {"y", "y2"});
  CHECK(load_error(outputs) == "test.onnx: node #0 (Flatten-13): Flatten-13 has 1 output(s), the node lists 2");

  ModelBuilder no_output(14);
  no_output.input("x", T::Float, {4});
  CHECK(load_error(no_output) == "test.onnx: the graph has no outputs");

  ModelBuilder undefined_output(14);
  undefined_output.input("x", T::Float, {4}).output("nothing");
  CHECK(load_error(undefined_output) ==
        "test.onnx: graph output 'nothing' is not produced by any node, graph input or initializer");
}

// spec: IR.md: "Must be unique among attributes, inputs, and outputs for any given operator and node."
TEST_CASE("model: attributes must be declared, typed and set once") {
  ModelBuilder unknown = reshape_graph();
  set_int(unknown.proto().mutable_graph()->mutable_node(0)[0], "axis", 1);
  CHECK(load_error(unknown) ==
        "test.onnx: node 'r' (#0, Reshape-14): attribute 'axis' is not an attribute of Reshape-14 (it has: allowzero)");

  ModelBuilder twice = reshape_graph();
  set_int(twice.proto().mutable_graph()->mutable_node(0)[0], "allowzero", 0);
  set_int(twice.proto().mutable_graph()->mutable_node(0)[0], "allowzero", 1);
  CHECK(load_error(twice) == "test.onnx: node 'r' (#0, Reshape-14): attribute 'allowzero' is set twice");
}

TEST_CASE("model: element types of declarations") {
  ModelBuilder bad(14);
  bad.input("x", T::Float, {4}).output("x");
  bad.proto().mutable_graph()->mutable_input(0)->mutable_type()->mutable_tensor_type()->set_elem_type(99);
  CHECK(load_error(bad) == "test.onnx: graph input 'x' declares undefined element type code 99");

  ModelBuilder output_type = reshape_graph();
  output_type.proto().mutable_graph()->mutable_output(0)->mutable_type()->mutable_tensor_type()->set_elem_type(
      code_of(T::Double));
  CHECK(load_error(output_type) == "test.onnx: graph output 'y' is declared tensor(double) but is tensor(float)");

  ModelBuilder sequence(14);
  sequence.output("x");
  auto* in = sequence.proto().mutable_graph()->add_input();
  in->set_name("x");
  in->mutable_type()->mutable_sequence_type();
  CHECK_THROWS_WITH_AS(sequence.build(),
                       "test.onnx: graph input 'x' is a sequence of neither tensors nor maps; onnx-ref runs sequences "
                       "of tensors and of maps only",
                       UnsupportedError);
  ModelBuilder map(14);
  map.output("x");
  auto* m = map.proto().mutable_graph()->add_input();
  m->set_name("x");
  m->mutable_type()->mutable_map_type();
  // A map must name its key type (maps themselves: tests/test_maps.cpp).
  CHECK_THROWS_WITH_AS(map.build(), "test.onnx: graph input 'x' declares a map without a key type", Error);
}

TEST_CASE("model: a sequence or an optional may leave its element type unset, and is described as such") {
  // An Identity from an optional input to an optional output, both with elem_type 0 (unset).
  ModelBuilder b(16);
  b.node("Identity", {"x"}, {"y"});
  auto* graph = b.proto().mutable_graph();
  auto* in = graph->add_input();
  in->set_name("x");
  in->mutable_type()->mutable_optional_type()->mutable_elem_type()->mutable_tensor_type();
  auto* out = graph->add_output();
  out->set_name("y");
  out->mutable_type()
      ->mutable_optional_type()
      ->mutable_elem_type()
      ->mutable_sequence_type()
      ->mutable_elem_type()
      ->mutable_tensor_type();
  const Model m = b.build();
  CHECK(m.required_inputs()[0].describe() == "optional(tensor(?))");
  CHECK(m.outputs()[0].describe() == "optional(seq(tensor(?)))");
}

TEST_CASE("model: feeds are checked against the declared inputs") {
  const Model m = reshape_graph().build();
  CHECK_THROWS_WITH_AS(m.run({}), "test.onnx: input 'x' (tensor(float)[2, 3]) is not fed", Error);
  CHECK_THROWS_WITH_AS(m.run({{"x", Tensor::zeros(T::Double, {2, 3})}}),
                       "test.onnx: input 'x' is double[2, 3] but the model declares tensor(float)[2, 3]", Error);
  CHECK_THROWS_WITH_AS(m.run({{"x", Tensor::zeros(T::Float, {3, 2})}}),
                       "test.onnx: input 'x' is float[3, 2] but the model declares tensor(float)[2, 3] (dimension 0)",
                       Error);
  CHECK_THROWS_WITH_AS(m.run({{"x", Tensor::zeros(T::Float, {6})}}),
                       "test.onnx: input 'x' is float[6] but the model declares tensor(float)[2, 3] (rank 2)", Error);
  CHECK_THROWS_WITH_AS(m.run({{"x", Tensor::zeros(T::Float, {2, 3})}, {"z", Tensor::zeros(T::Float, {1})}}),
                       "test.onnx: feed 'z' is not an input of the model (its inputs: x)", Error);
}

TEST_CASE("model: symbolic and unknown dimensions accept any size; untyped inputs are checked at run time") {
  ModelBuilder b(14);
  b.input("x", T::Float, {0, 3}).output("y").initializer("shape", int64_tensor({-1}));
  auto* dim =
      b.proto().mutable_graph()->mutable_input(0)->mutable_type()->mutable_tensor_type()->mutable_shape()->mutable_dim(
          0);
  dim->set_dim_param("N");
  b.node("Reshape", {"x", "shape"}, {"y"});
  const Model m = b.build();
  CHECK(m.required_inputs()[0].describe() == "tensor(float)[N, 3]");
  CHECK(m.run({{"x", Tensor::zeros(T::Float, {5, 3})}})[0].second.tensor().shape() == Shape{15});

  ModelBuilder untyped(12);
  untyped.output("y").initializer("shape", int64_tensor({-1}));
  untyped.proto().mutable_graph()->add_input()->set_name("x");
  untyped.node("Reshape", {"x", "shape"}, {"y"});
  const Model u = untyped.build();
  CHECK(u.run({{"x", Tensor::zeros(T::Int32, {2, 2})}})[0].second.tensor().shape() == Shape{4});
  CHECK_THROWS_WITH_AS(
      u.run({{"x", Tensor::zeros(T::BFloat16, {2, 2})}}),
      doctest::Contains(
          "test.onnx: node #0 (Reshape-5): input 0 ('data') is tensor(bfloat16), which Reshape-5 does not allow"),
      Error);
}

TEST_CASE("model: run-time shape errors name the node and version") {
  const Model m = [] {
    ModelBuilder b(14);
    b.input("x", T::Float, {2, 3}).output("y").initializer("shape", int64_tensor({-1, -1}));
    b.node("Reshape", {"x", "shape"}, {"y"}).set_name("bad");
    return b.build();
  }();
  CHECK_THROWS_WITH_AS(
      m.run({{"x", Tensor::zeros(T::Float, {2, 3})}}),
      "test.onnx: node 'bad' (#0, Reshape-14): shape holds -1 at indices 0 and 1; at most one dimension may be -1",
      Error);
  ModelBuilder matrix(14);
  matrix.input("x", T::Float, {2, 3})
      .output("y")
      .initializer("shape", Tensor::from_values<int64_t>(T::Int64, {1, 2}, {3, 2}));
  matrix.node("Reshape", {"x", "shape"}, {"y"});
  CHECK_THROWS_WITH_AS(matrix.build().run({{"x", Tensor::zeros(T::Float, {2, 3})}}),
                       "test.onnx: node #0 (Reshape-14): the shape input must be 1-D, but it is int64[1, 2]", Error);
}

TEST_CASE("model: bytes that are not a model") {
  CHECK_THROWS_WITH_AS(Model::load_bytes("", {}, "m.onnx"), "m.onnx: the file is empty, not an ONNX model", Error);
  CHECK_THROWS_WITH_AS(Model::load_bytes("\xff\xff\xff garbage", {}, "m.onnx"),
                       "m.onnx: not an ONNX model (the bytes do not parse as a ModelProto protobuf)", Error);
  // A TensorProto parses as a ModelProto (its dims land in ir_version), but there is no graph.
  onnx::TensorProto t;
  t.add_dims(2);
  t.set_data_type(1);
  CHECK_THROWS_WITH_AS(Model::load_bytes(t.SerializeAsString(), {}, "m.onnx"),
                       "m.onnx: not an ONNX model: it has no graph", Error);
  CHECK_THROWS_WITH_AS(Model::load_file("/nonexistent/model.onnx"), "/nonexistent/model.onnx: no such file", Error);
}
