// Unit tests: interpreter subgraphs.
#include "helpers/subgraphs.h"

TEST_CASE("subgraphs: outer names are resolved at load at any depth and become implicit inputs") {
  const Model m = nested_scopes().build();
  const Node& node = m.nodes().at(0);
  // x (read by both branches, by else_branch two levels down) and M (read by else_branch's Loop).
  std::vector<std::string> implicit;
  for (int slot : node.implicit_inputs) implicit.push_back(m.graph().slot_names[static_cast<size_t>(slot)]);
  std::sort(implicit.begin(), implicit.end());
  CHECK(implicit == std::vector<std::string>{"M", "x"});
  // then: [1, 2] + [1, 2] = [2, 4]; else: x + 3 x = [4, 8].
  CHECK(values_of(m.run({{"x", floats({1, 2})}, {"c", flag(true)}}).at(0).second) == std::vector<float>{2, 4});
  CHECK(values_of(m.run({{"x", floats({1, 2})}, {"c", flag(false)}}).at(0).second) == std::vector<float>{4, 8});
}

TEST_CASE("subgraphs: a branch output with an empty TypeProto takes the type of the value it names") {
  // Exporters write If branch outputs as `type {}` (silero VAD v5): untyped, like no type at all.
  ModelBuilder empty = nested_scopes();
  auto* then_output =
      empty.proto().mutable_graph()->mutable_node(0)->mutable_attribute(0)->mutable_g()->mutable_output(0);
  then_output->mutable_type()->Clear();
  REQUIRE(then_output->has_type());
  const Model m = empty.build();
  CHECK(values_of(m.run({{"x", floats({1, 2})}, {"c", flag(true)}}).at(0).second) == std::vector<float>{2, 4});
}

// spec: IR.md: "In the case of a nested subgraph, a node output name and names of inputs and initializers of the subgraph MUST be distinct from the names from the outer scopes that are visible in the nested subgraph."
// spec: IR.md: "That is, variable shadowing is not allowed."
TEST_CASE("subgraphs: a graph may not shadow an outer name, nor read a name defined nowhere") {
  ModelBuilder shadow = nested_scopes();
  auto* then_node = shadow.proto().mutable_graph()->mutable_node(0)->mutable_attribute(0)->mutable_g()->mutable_node(0);
  then_node->set_output(0, "c");  // c is a graph input of the model
  shadow.proto().mutable_graph()->mutable_node(0)->mutable_attribute(0)->mutable_g()->mutable_output(0)->set_name("c");
  CHECK(
      load_error(shadow) ==
      "test.onnx: node 'if' (#0, If-16) \u203a then_branch \u203a node #0 (Add-14): 'c' is assigned by node #0 but an "
      "enclosing graph already defines it (a graph may not shadow an outer name)");

  ModelBuilder undefined = nested_scopes();
  auto* else_graph = undefined.proto().mutable_graph()->mutable_node(0)->mutable_attribute(1)->mutable_g();
  else_graph->mutable_node(0)->mutable_attribute(0)->mutable_g()->mutable_node(1)->set_input(1, "nowhere");
  CHECK(load_error(undefined) ==
        "test.onnx: node 'if' (#0, If-16) \u203a else_branch \u203a node #0 (Loop-16) \u203a body \u203a node #1 "
        "(Add-14): "
        "input 'nowhere' is not defined by any graph input, initializer or earlier node of this graph or an enclosing "
        "one");
}

TEST_CASE("subgraphs: signatures and branch types are checked at load") {
  ModelBuilder two_outputs = nested_scopes();
  auto* then_graph = two_outputs.proto().mutable_graph()->mutable_node(0)->mutable_attribute(0)->mutable_g();
  *then_graph->add_output() = then_graph->output(0);
  then_graph->mutable_output(1)->set_name("t2");
  auto* copy = then_graph->add_node();
  copy->set_op_type("Identity");
  copy->add_input("x");
  copy->add_output("t2");
  CHECK(load_error(two_outputs) ==
        "test.onnx: node 'if' (#0, If-16): graph 'then_branch' has 0 input(s) and 2 output(s), but the node needs 0 "
        "and 1 "
        "(a branch takes no inputs and gives every output)");

  ModelBuilder float_cond = nested_scopes();
  float_cond.proto().mutable_graph()->mutable_input(1)->mutable_type()->mutable_tensor_type()->set_elem_type(
      code_of(ElementType::Float));
  CHECK(load_error(float_cond).find("input 0 ('cond') is tensor(float)") != std::string::npos);

  ModelBuilder other_type = nested_scopes();
  // then_branch casts to double: x + x becomes Cast(x, to = double).
  auto* then_g = other_type.proto().mutable_graph()->mutable_node(0)->mutable_attribute(0)->mutable_g();
  then_g->mutable_output(0)->mutable_type()->mutable_tensor_type()->set_elem_type(code_of(ElementType::Double));
  auto* cast = then_g->mutable_node(0);
  cast->set_op_type("Cast");
  cast->mutable_input()->RemoveLast();
  auto* to = cast->add_attribute();
  to->set_name("to");
  to->set_type(onnx::AttributeProto::INT);
  to->set_i(code_of(ElementType::Double));
  CHECK(load_error(other_type).find("is tensor(double) in then_branch but tensor(float) in else_branch") !=
        std::string::npos);
}

TEST_CASE("subgraphs: values are freed after their last reader") {
  // x -> a -> b -> y through three Adds: x is freed after node 0, a after node 1, b after node 2;
  // y, the graph output, never.
  ModelBuilder b(14);
  b.input("x", ElementType::Float, {2}).output("y", ElementType::Float);
  b.node("Add", {"x", "x"}, {"a"});
  b.node("Add", {"a", "a"}, {"b"});
  b.node("Add", {"b", "b"}, {"y"});
  const Model m = b.build();
  const Graph& g = m.graph();
  auto freed_after = [&](size_t k) {
    std::vector<std::string> names;
    for (int slot : g.release_after.at(k)) names.push_back(g.slot_names[static_cast<size_t>(slot)]);
    return names;
  };
  CHECK(freed_after(0) == std::vector<std::string>{"x"});
  CHECK(freed_after(1) == std::vector<std::string>{"a"});
  CHECK(freed_after(2) == std::vector<std::string>{"b"});
  CHECK(values_of(m.run({{"x", floats({1, -2})}}).at(0).second) == std::vector<float>{8, -16});
}

TEST_CASE("subgraphs: a Loop that never ends stops at the run's iteration limit") {
  // No trip count and no condition: only the limit ends it.
  ModelBuilder b(16);
  b.input("x", ElementType::Float, {2}).output("y", ElementType::Float);
  Body body;
  body.input("i", ElementType::Int64, true).input("cin", ElementType::Bool, true).input("v", ElementType::Float);
  body.output("cout", ElementType::Bool, true).output("vout", ElementType::Float);
  body.node("Identity", {"cin"}, {"cout"});
  body.node("Identity", {"v"}, {"vout"});
  auto& n = b.node("Loop", {"", "", "x"}, {"y"});
  n.set_name("forever");
  set_graph(n, "body", body);
  const Model m = b.build();
  RunOptions options;
  options.max_loop_iterations = 100;
  CHECK(run_error(m, {{"x", floats({1, 2})}}, options) ==
        "test.onnx: node 'forever' (#0, Loop-16): the run has made 100 Loop iterations, the limit (--max-iterations)");
}

TEST_CASE("subgraphs: errors inside a running graph carry the path") {
  // SequenceAt(seq, 5) inside a Loop body, on a sequence of 2 tensors.
  ModelBuilder b(17);
  b.input("x", ElementType::Float, {2}).output("y", ElementType::Float);
  b.initializer("M", Tensor::from_values<int64_t>(ElementType::Int64, {}, {1}));
  b.initializer("five", Tensor::from_values<int64_t>(ElementType::Int64, {}, {5}));
  b.node("SequenceConstruct", {"x", "x"}, {"s"});
  Body body;
  body.input("i", ElementType::Int64, true).input("cin", ElementType::Bool, true).input("v", ElementType::Float);
  body.output("cout", ElementType::Bool, true).output("vout", ElementType::Float);
  body.node("Identity", {"cin"}, {"cout"});
  body.node("SequenceAt", {"s", "five"}, {"vout"});
  auto& n = b.node("Loop", {"M", "", "x"}, {"y"});
  n.set_name("loop");
  set_graph(n, "body", body);
  const Model m = b.build();
  CHECK(run_error(m, {{"x", floats({1, 2})}}) ==
        "test.onnx: node 'loop' (#1, Loop-16) \u203a body \u203a node #1 (SequenceAt-11): position 5 is out of range "
        "for a "
        "sequence of 2 tensor(s) (valid: -2 to 1)");
}

TEST_CASE("sequences and optionals: refusals") {
  ModelBuilder insert(17);
  insert.input("x", ElementType::Float, {2}).input("k", ElementType::Int64, {2}).output("s");
  insert.node("SequenceConstruct", {"x"}, {"s0"});
  insert.node("SequenceInsert", {"s0", "k"}, {"s"});
  CHECK(load_error(insert) ==
        "test.onnx: node #1 (SequenceInsert-11): the tensor to insert is tensor(int64) but the sequence holds "
        "tensor(float)");

  ModelBuilder get(18);
  get.input("x", ElementType::Float, {2}).output("y", ElementType::Float);
  auto& opt = get.node("Optional", {}, {"o"});
  auto* type = opt.add_attribute();
  type->set_name("type");
  type->set_type(onnx::AttributeProto::TYPE_PROTO);
  type->mutable_tp()->mutable_tensor_type()->set_elem_type(code_of(ElementType::Float));
  get.node("OptionalGetElement", {"o"}, {"y"});
  const Model m = get.build();
  CHECK(run_error(m, {{"x", floats({1, 2})}}) ==
        "test.onnx: node #1 (OptionalGetElement-18): the optional is empty (optional(tensor(float))): it has no "
        "element to get");

  ModelBuilder erase(17);
  erase.output("s");
  erase.node("SequenceEmpty", {}, {"e"});
  erase.node("SequenceErase", {"e"}, {"s"});
  CHECK(run_error(erase.build(), {}) ==
        "test.onnx: node #1 (SequenceErase-11): the sequence is empty: there is nothing to erase");
}
