// IR.md's rules on graphs, subgraphs, initializers and node outputs, each check citing its
// sentence; expected values worked out by hand in the comments.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "helpers/load_error.h"
#include "model_builder.h"
#include "ops/control/control_graph_builder.h"
#include "runtime/error.h"
#include "runtime/tensor_proto.h"

namespace graph_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// If(c) then x + 1 else x - 1 (x from the outer graph), each branch's output named `out_name`.
ModelBuilder if_model(const std::string& out_name) {
  ModelBuilder b(16);
  b.input("c", T::Bool, {}).input("x", T::Float, {}).output("y");
  b.initializer("one", float_scalar(1));
  auto& n = b.node("If", {"c"}, {"y"});
  BodyGraph then_branch, else_branch;
  then_branch.output(out_name, T::Float, true);
  then_branch.node("Add", {"x", "one"}, {out_name});
  else_branch.output(out_name, T::Float, true);
  else_branch.node("Sub", {"x", "one"}, {out_name});
  set_graph_attribute(n, "then_branch", then_branch);
  set_graph_attribute(n, "else_branch", else_branch);
  return b;
}

TEST_CASE("IR: a nested subgraph names its outputs") {
  CHECK(if_model("r")
            .build()
            .run({{"c", bool_scalar(true)}, {"x", float_scalar(2)}})[0]
            .second.tensor()
            .data_as<float>()[0] == 3.0f);
  // spec: IR.md: "Nested subgraphs (specified as attribute values) MUST define the names of its inputs and outputs"
  CHECK(load_error(if_model("")) != "(loaded)");
}

TEST_CASE("IR: an initializer not listed as a graph input is a constant no feed overrides") {
  ModelBuilder b(14);
  b.input("x", T::Float, {1}).output("y").initializer("w", float_vector({2}));
  b.node("Mul", {"x", "w"}, {"y"});
  const Model m = b.build();
  CHECK(floats_of(m.run({{"x", float_vector({3})}})[0].second) == std::vector<float>{6});
  // spec: IR.md: "Names of constants that are not meant to be overridden by the caller should appear only in the initializer list and not in the graph input list."
  CHECK_THROWS_WITH_AS(m.run({{"x", float_vector({3})}, {"w", float_vector({5})}}),
                       doctest::Contains("feed 'w' is not an input of the model"), Error);
  // Listed as an input too, it is a default the caller may override: 3 * 5.
  ModelBuilder listed(14);
  listed.input("x", T::Float, {1}).input("w", T::Float, {1}).output("y").initializer("w", float_vector({2}));
  listed.node("Mul", {"x", "w"}, {"y"});
  CHECK(floats_of(listed.build().run({{"x", float_vector({3})}, {"w", float_vector({5})}})[0].second) ==
        std::vector<float>{15});
}

TEST_CASE("IR: a node names the optional outputs it computes, and only those") {
  // Dropout-13 in inference: y = x, and the mask (all true) only when its output is named.
  auto dropout = [](std::vector<std::string> outputs) {
    ModelBuilder b(13);
    b.input("x", T::Float, {2});
    for (const auto& o : outputs)
      if (!o.empty()) b.output(o);
    b.node("Dropout", {"x"}, outputs);
    return b.build().run({{"x", float_vector({1, -2})}});
  };
  // spec: IR.md: "Each node referring to an operator with optional outputs MUST provide a name for each output that is computed and MUST NOT provide names for outputs that are not computed."
  const auto both = dropout({"y", "mask"});
  REQUIRE(both.size() == 2);
  CHECK(both[1].second.tensor().type() == T::Bool);
  CHECK(both[1].second.tensor().data_as<uint8_t>()[0] == 1);
  const auto one = dropout({"y", ""});
  REQUIRE(one.size() == 1);
  CHECK(floats_of(one[0].second) == std::vector<float>{1, -2});
}

TEST_CASE("IR: a graph without a name runs (docs/DEPARTURES.md, Graph names)") {
  ModelBuilder b(14);
  b.input("x", T::Float, {1}).output("y");
  b.node("Neg", {"x"}, {"y"});
  b.proto().mutable_graph()->clear_name();
  // spec: IR.md: "Each graph MUST specify a name."
  CHECK(floats_of(b.build().run({{"x", float_vector({2})}})[0].second) == std::vector<float>{-2});
}

TEST_CASE("IR: the top-level graph's declared types and shapes are enforced; undeclared ones are checked where used") {
  ModelBuilder declared(14);
  declared.input("x", T::Float, {2}).output("y");
  declared.node("Neg", {"x"}, {"y"});
  const Model m = declared.build();
  // spec: IR.md: "Each main (top-level) graph MUST define the names, types and shapes of its inputs and outputs, which are specified as ‘value info’ structures."
  // spec: IR.md: "The main graph inputs and outputs are required to have a shape, indicating the rank, even though the exact dimensions need not be specified."
  // spec: IR.md: "For example, the inputs and outputs of a model (top-level graph) are required to *have* a shape, indicating the rank of inputs and outputs,"
  // spec: onnx.proto: "This field MUST be present in this version of the IR for inputs and outputs of the top-level graph."
  CHECK_THROWS_WITH_AS(m.run({{"x", Tensor::zeros(T::Float, {1, 2})}}), doctest::Contains("(rank 1)"), Error);
  // Without a shape (docs/DEPARTURES.md), any rank is fed and Neg takes it.
  ModelBuilder unshaped(14);
  unshaped.input("x", T::Float, {}, false).output("y");
  unshaped.node("Neg", {"x"}, {"y"});
  CHECK(unshaped.build().run({{"x", Tensor::zeros(T::Float, {1, 2})}})[0].second.tensor().shape() == Shape{1, 2});
}

TEST_CASE(
    "IR: a sequence type's element shape is not checked (docs/DEPARTURES.md, Sequence types with element shapes)") {
  // SequenceConstruct of a [1] and a [2] tensor, the output declared seq(tensor(float)[1]): the
  // declaration should have left the dimension out; onnx-ref checks the element type only.
  ModelBuilder b(17);
  b.initializer("a", float_vector({1})).initializer("c", float_vector({2, 3}));
  b.node("SequenceConstruct", {"a", "c"}, {"s"});
  auto* out = b.proto().mutable_graph()->add_output();
  out->set_name("s");
  auto* elem = out->mutable_type()->mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type();
  elem->set_elem_type(code_of(T::Float));
  elem->mutable_shape()->add_dim()->set_dim_value(1);
  // spec: IR.md: "The dimension variables M or N must be omitted from the above type if that dimension does not have a fixed size across all tensors in the sequence."
  // spec: IR.md: "The entire shape must be omitted from the type if different tensors in the sequence may have different ranks."
  const auto result = b.build().run({});
  REQUIRE(result.size() == 1);
  CHECK(result[0].second.is_sequence());
}

// Loop(M = 2, cond = true, x = 1) whose body adds its initializer w = 3 to x twice: 7. The body's
// inputs are (iter, cond, x) plus `extra_inputs`, its initializer is named `init_name`.
ModelBuilder loop_with_body_initializer(int64_t opset, int64_t ir, const std::string& init_name,
                                        std::vector<std::string> extra_inputs, bool extra_first = false) {
  ModelBuilder b(opset);
  b.ir_version(ir);
  b.output("y").initializer("m", Tensor::from_values<int64_t>(T::Int64, {}, {2})).initializer("c", bool_scalar(true));
  b.initializer("x0", float_scalar(1));
  auto& loop = b.node("Loop", {"m", "c", "x0"}, {"y"});
  BodyGraph body;
  if (extra_first)
    for (const auto& e : extra_inputs) body.input(e, T::Float, true);
  body.input("iter", T::Int64, true).input("cond", T::Bool, true).input("x", T::Float, true);
  if (!extra_first)
    for (const auto& e : extra_inputs) body.input(e, T::Float, true);
  body.output("cond_out", T::Bool, true).output("x_out", T::Float, true);
  body.node("Identity", {"cond"}, {"cond_out"});
  body.node("Add", {"x", init_name}, {"x_out"});
  *body.g.add_initializer() = tensor_to_proto(float_scalar(3), init_name);
  set_graph_attribute(loop, "body", body);
  return b;
}

TEST_CASE(
    "IR: a graph attribute's inputs are not its initializers (IR 4 on); before IR 4 initializers follow the inputs") {
  CHECK(floats_of(loop_with_body_initializer(11, 8, "w", {}).build().run({})[0].second) == std::vector<float>{7});
  // spec: IR.md: "In models with IR version >= 4, in nested subgraphs used as attribute values, users MUST NOT use the same name as both a subgraph initializer and subgraph input unless the corresponding op's specification explicitly allows it."
  // spec: IR.md: "In particular, the control-flow operator semantics determines the set of inputs supplied to the execution of the subgraph, and these input names MUST NOT appear as subgraph initializers."
  CHECK(load_error(loop_with_body_initializer(11, 8, "x", {}))
            .find("graph input 'x' is also an initializer of the graph") != std::string::npos);
  // IR 3: the initializer w listed as an input after the actual ones is a constant; listed first, refused.
  // spec: IR.md: "Subgraph initializer names must appear in the graph input list _after_ the actual inputs."
  CHECK(floats_of(loop_with_body_initializer(8, 3, "w", {"w"}).build().run({})[0].second) == std::vector<float>{7});
  CHECK(
      load_error(loop_with_body_initializer(8, 3, "w", {"w"}, true)).find("follows an input that is an initializer") !=
      std::string::npos);
}

}  // namespace graph_rules_tests
