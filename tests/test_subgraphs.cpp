// Graphs inside graphs: scopes resolved at load at any depth, shadowing and undefined names
// refused, errors carrying the path into the graph, values freed after their last reader, the
// Loop iteration limit, and the sequence and optional operators' refusals. Expected values are
// worked out by hand in the comments.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "interpreter/model.h"
#include "runtime/error.h"
#include "runtime/run_context.h"
#include "tests/model_builder.h"

using namespace onnx_ref;
using onnx_ref::testing::ModelBuilder;

namespace {

// A graph attribute built in place: inputs and outputs typed as tensors of `type` (scalars when
// `scalar`), nodes added with node().
struct Body {
  onnx::GraphProto g;
  Body& input(const std::string& name, ElementType type, bool scalar = false) {
    describe(g.add_input(), name, type, scalar);
    return *this;
  }
  Body& output(const std::string& name, ElementType type, bool scalar = false) {
    describe(g.add_output(), name, type, scalar);
    return *this;
  }
  onnx::NodeProto& node(const std::string& op, std::vector<std::string> in, std::vector<std::string> out) {
    auto* n = g.add_node();
    n->set_op_type(op);
    for (auto& i : in) n->add_input(i);
    for (auto& o : out) n->add_output(o);
    return *n;
  }
  static void describe(onnx::ValueInfoProto* v, const std::string& name, ElementType type, bool scalar) {
    v->set_name(name);
    auto* t = v->mutable_type()->mutable_tensor_type();
    t->set_elem_type(code_of(type));
    if (scalar) t->mutable_shape();
  }
};

void set_graph(onnx::NodeProto& node, const std::string& name, const Body& body) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::GRAPH);
  *a->mutable_g() = body.g;
}

Tensor floats(std::vector<float> v) { return Tensor::from_values<float>(ElementType::Float, {static_cast<int64_t>(v.size())}, v); }
Tensor flag(bool b) { return Tensor::from_values<uint8_t>(ElementType::Bool, {}, {static_cast<uint8_t>(b)}); }
std::vector<float> values_of(const Value& v) {
  const Tensor& t = v.tensor();
  return {t.data_as<float>(), t.data_as<float>() + t.element_count()};
}

// If(c): then x + x; else Loop(M = 3, carried v = x) with body v + x, reading x two levels up.
ModelBuilder nested_scopes() {
  ModelBuilder b(16);
  b.input("x", ElementType::Float, {2}).input("c", ElementType::Bool, {});
  b.initializer("M", Tensor::from_values<int64_t>(ElementType::Int64, {}, {3}));
  b.output("r", ElementType::Float);
  Body then_branch;
  then_branch.output("t", ElementType::Float).node("Add", {"x", "x"}, {"t"});
  Body loop_body;
  loop_body.input("i", ElementType::Int64, true).input("cin", ElementType::Bool, true).input("v", ElementType::Float);
  loop_body.output("cout", ElementType::Bool, true).output("vout", ElementType::Float);
  loop_body.node("Identity", {"cin"}, {"cout"});
  loop_body.node("Add", {"v", "x"}, {"vout"});
  Body else_branch;
  else_branch.output("e", ElementType::Float);
  set_graph(else_branch.node("Loop", {"M", "", "x"}, {"e"}), "body", loop_body);
  auto& n = b.node("If", {"c"}, {"r"});
  n.set_name("if");
  set_graph(n, "then_branch", then_branch);
  set_graph(n, "else_branch", else_branch);
  return b;
}

std::string load_error(const ModelBuilder& b) {
  try {
    b.build();
  } catch (const Error& e) {
    return e.what();
  }
  return "(loaded)";
}

std::string run_error(const Model& m, const std::map<std::string, Value>& feeds, const RunOptions& options = {}) {
  try {
    m.run(feeds, options);
  } catch (const Error& e) {
    return e.what();
  }
  return "(ran)";
}

}  // namespace

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
  auto* then_output = empty.proto().mutable_graph()->mutable_node(0)->mutable_attribute(0)->mutable_g()->mutable_output(0);
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
  CHECK(load_error(shadow) ==
        "test.onnx: node 'if' (#0, If-16) \u203a then_branch \u203a node #0 (Add-14): 'c' is assigned by node #0 but an "
        "enclosing graph already defines it (a graph may not shadow an outer name)");

  ModelBuilder undefined = nested_scopes();
  auto* else_graph = undefined.proto().mutable_graph()->mutable_node(0)->mutable_attribute(1)->mutable_g();
  else_graph->mutable_node(0)->mutable_attribute(0)->mutable_g()->mutable_node(1)->set_input(1, "nowhere");
  CHECK(load_error(undefined) ==
        "test.onnx: node 'if' (#0, If-16) \u203a else_branch \u203a node #0 (Loop-16) \u203a body \u203a node #1 (Add-14): "
        "input 'nowhere' is not defined by any graph input, initializer or earlier node of this graph or an enclosing one");
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
        "test.onnx: node 'if' (#0, If-16): graph 'then_branch' has 0 input(s) and 2 output(s), but the node needs 0 and 1 "
        "(a branch takes no inputs and gives every output)");

  ModelBuilder float_cond = nested_scopes();
  float_cond.proto().mutable_graph()->mutable_input(1)->mutable_type()->mutable_tensor_type()->set_elem_type(code_of(ElementType::Float));
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
  CHECK(load_error(other_type).find("is tensor(double) in then_branch but tensor(float) in else_branch") != std::string::npos);
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
        "test.onnx: node 'loop' (#1, Loop-16) \u203a body \u203a node #1 (SequenceAt-11): position 5 is out of range for a "
        "sequence of 2 tensor(s) (valid: -2 to 1)");
}

TEST_CASE("sequences and optionals: refusals") {
  ModelBuilder insert(17);
  insert.input("x", ElementType::Float, {2}).input("k", ElementType::Int64, {2}).output("s");
  insert.node("SequenceConstruct", {"x"}, {"s0"});
  insert.node("SequenceInsert", {"s0", "k"}, {"s"});
  CHECK(load_error(insert) == "test.onnx: node #1 (SequenceInsert-11): the tensor to insert is tensor(int64) but the sequence holds tensor(float)");

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
        "test.onnx: node #1 (OptionalGetElement-18): the optional is empty (optional(tensor(float))): it has no element to get");

  ModelBuilder erase(17);
  erase.output("s");
  erase.node("SequenceEmpty", {}, {"e"});
  erase.node("SequenceErase", {"e"}, {"s"});
  CHECK(run_error(erase.build(), {}) == "test.onnx: node #1 (SequenceErase-11): the sequence is empty: there is nothing to erase");
}

TEST_CASE("run context: random streams are a function of the seed and the key") {
  RunContext a(RunOptions{1, 7, 10}), b(RunOptions{1, 7, 10}), c(RunOptions{1, 8, 10});
  const uint64_t a1 = a.stream_seed("node"), a2 = a.stream_seed("node");
  CHECK(a1 != a2);                        // each request of a key is a new stream
  CHECK(b.stream_seed("node") == a1);     // the same seed gives the same streams
  CHECK(b.stream_seed("node") == a2);
  CHECK(c.stream_seed("node") != a1);     // another seed, other streams
  CHECK(a.stream_seed("other") != b.stream_seed("node"));
}

TEST_CASE("run context: a run gives the same bits on 1, 2 and 3 threads") {
  // MatMul of 96x80 by 80x72 floats spread over many binades, so that a change in the order of
  // the additions would show in the rounding.
  ModelBuilder b(13);
  b.input("a", ElementType::Float, {96, 80}).input("b", ElementType::Float, {80, 72}).output("y", ElementType::Float);
  b.node("MatMul", {"a", "b"}, {"y"});
  const Model m = b.build();
  auto random_floats = [](Shape shape, uint32_t seed) {
    std::vector<float> v(static_cast<size_t>(shape[0] * shape[1]));
    uint32_t x = seed;
    for (auto& f : v) {
      x = x * 1664525u + 1013904223u;
      f = std::ldexp(static_cast<float>(static_cast<int32_t>(x >> 8) - (1 << 23)), static_cast<int>(x % 40) - 60);
    }
    return Tensor::from_values<float>(ElementType::Float, shape, v);
  };
  const std::map<std::string, Value> feeds{{"a", random_floats({96, 80}, 1)}, {"b", random_floats({80, 72}, 2)}};
  const Value one = m.run(feeds, RunOptions{1, 0, 10}).at(0).second;
  for (int threads : {2, 3}) {
    CAPTURE(threads);
    CHECK(m.run(feeds, RunOptions{threads, 0, 10}).at(0).second.identical_to(one));
  }
}

TEST_CASE("run context: the kernels split over threads give the same bits on 1, 2 and 3 threads") {
  // Softmax and LogSoftmax (lines), LayerNormalization (groups), Conv and ConvTranspose (GEMM column
  // panels by row groups, a single output channel included), Resize (linear): inputs spread over
  // many binades, so a change in the order of any rounding would show.
  auto random_floats = [](Shape shape, uint32_t seed, int spread) {
    std::vector<float> v(static_cast<size_t>(*checked_element_count(shape)));
    uint32_t x = seed;
    for (auto& f : v) {
      x = x * 1664525u + 1013904223u;
      f = std::ldexp(static_cast<float>(static_cast<int32_t>(x >> 8) - (1 << 23)), static_cast<int>(x % spread) - 23 - spread / 2);
    }
    return Tensor::from_values<float>(ElementType::Float, shape, v);
  };
  struct Case {
    std::string name;
    Model model;
    std::map<std::string, Value> feeds;
  };
  std::vector<Case> cases;
  auto one_node = [&](const std::string& op, int64_t opset, std::vector<std::pair<std::string, Tensor>> inputs,
                      const std::function<void(onnx::NodeProto&)>& attrs) {
    ModelBuilder b(opset);
    std::vector<std::string> names;
    std::map<std::string, Value> feeds;
    for (auto& input : inputs) {
      b.input(input.first, ElementType::Float, input.second.shape());
      names.push_back(input.first);
      feeds.emplace(input.first, input.second);
    }
    b.output("y", ElementType::Float);
    attrs(b.node(op, names, {"y"}));
    cases.push_back({op, b.build(), feeds});
  };
  one_node("Softmax", 13, {{"x", random_floats({64, 300}, 1, 12)}}, [](onnx::NodeProto&) {});
  one_node("LogSoftmax", 13, {{"x", random_floats({300, 64}, 2, 12)}}, [](onnx::NodeProto& n) { testing::set_int(n, "axis", 0); });
  one_node("LayerNormalization", 17, {{"x", random_floats({96, 200}, 3, 20)}, {"s", random_floats({200}, 4, 4)}, {"b", random_floats({200}, 5, 4)}},
           [](onnx::NodeProto&) {});
  one_node("Conv", 11, {{"x", random_floats({1, 6, 23, 29}, 6, 30)}, {"w", random_floats({5, 6, 3, 3}, 7, 30)}},
           [](onnx::NodeProto& n) { testing::set_ints(n, "pads", {1, 2, 0, 1}); });
  one_node("ConvTranspose", 11, {{"x", random_floats({1, 7, 31, 17}, 8, 30)}, {"w", random_floats({7, 1, 2, 2}, 9, 30)}},
           [](onnx::NodeProto& n) { testing::set_ints(n, "strides", {2, 2}); });
  {  // Resize's scales come as an initializer
    ModelBuilder b(19);
    b.input("x", ElementType::Float, {1, 3, 37, 41}).output("y", ElementType::Float);
    b.initializer("scales", Tensor::from_values<float>(ElementType::Float, {4}, {1, 1, 2.5f, 1.75f}));
    auto& n = b.node("Resize", {"x", "", "scales"}, {"y"});
    auto* mode = n.add_attribute();
    mode->set_name("mode");
    mode->set_type(onnx::AttributeProto::STRING);
    mode->set_s("linear");
    cases.push_back({"Resize", b.build(), {{"x", random_floats({1, 3, 37, 41}, 10, 30)}}});
  }
  for (const Case& c : cases) {
    CAPTURE(c.name);
    const Value one = c.model.run(c.feeds, RunOptions{1, 0, 10}).at(0).second;
    for (int threads : {2, 3}) {
      CAPTURE(threads);
      CHECK(c.model.run(c.feeds, RunOptions{threads, 0, 10}).at(0).second.identical_to(one));
    }
  }
}
