// Scan-9 and later: a state variable whose shape changes between iterations is refused.
// Expected values by hand.
#include <doctest/doctest.h>

#include "helpers/scan_rules.h"
#include "model_builder.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

void untyped_shape_input(onnx::ValueInfoProto* v, const std::string& name) {
  v->set_name(name);
  v->mutable_type()->mutable_tensor_type()->set_elem_type(code_of(T::Float));
}

// Scan with one state and one scan input of shape [2, 1] (Scan-8: a batch of one in front, [1, 1]
// and [1, 2, 1]); the body's new state is Concat(state, x) when `grow`, else Add(state, x); its scan
// output is x.
Model scan_model(int opset, bool grow) {
  const bool batched = opset == 8;
  ModelBuilder b(opset);
  b.input("s0", T::Float, batched ? std::vector<int64_t>{1, 1} : std::vector<int64_t>{1});
  b.input("xs", T::Float, batched ? std::vector<int64_t>{1, 2, 1} : std::vector<int64_t>{2, 1})
      .output("s")
      .output("ys");
  auto& node = b.node("Scan", batched ? std::vector<std::string>{"", "s0", "xs"} : std::vector<std::string>{"s0", "xs"},
                      {"s", "ys"});
  set_int(node, "num_scan_inputs", 1);
  auto* a = node.add_attribute();
  a->set_name("body");
  a->set_type(onnx::AttributeProto::GRAPH);
  onnx::GraphProto& g = *a->mutable_g();
  g.set_name("body");
  untyped_shape_input(g.add_input(), "s_in");
  untyped_shape_input(g.add_input(), "x_in");
  untyped_shape_input(g.add_output(), "s_out");
  untyped_shape_input(g.add_output(), "y_out");
  auto* step = g.add_node();
  step->set_op_type(grow ? "Concat" : "Add");
  step->add_input("s_in");
  step->add_input("x_in");
  step->add_output("s_out");
  if (grow) set_int(*step, "axis", 0);
  auto* copy = g.add_node();
  copy->set_op_type("Identity");
  copy->add_input("x_in");
  copy->add_output("y_out");
  return b.build();
}

std::map<std::string, Value> feeds() {
  return {{"s0", Tensor::from_values<float>(T::Float, {1}, {10})},
          {"xs", Tensor::from_values<float>(T::Float, {2, 1}, {1, 2})}};
}

}  // namespace

// spec: Scan-9: "are required to have the same shape in each iteration of the loop"
// spec: Scan-11: "are required to have the same shape in each iteration of the loop"
// spec: Scan-16: "are required to have the same shape in each iteration of the loop"
// spec: Scan-19: "are required to have the same shape in each iteration of the loop"
// spec: Scan-21: "are required to have the same shape in each iteration of the loop"
// spec: Scan-23: "are required to have the same shape in each iteration of the loop"
// spec: Scan-24: "are required to have the same shape in each iteration of the loop"
// spec: Scan-25: "are required to have the same shape in each iteration of the loop"
// spec: Scan-9,11,16,19,21,23,24,25: "It is an error if the dimensions of these values change across loop iterations."
TEST_CASE("Scan-9 and later: a state that grows from one iteration to the next is refused") {
  for (int opset : {9, 11, 16, 19, 21, 23, 24, 25}) {
    CAPTURE(opset);
    CHECK_THROWS_WITH_AS(scan_model(opset, true).run(feeds()),
                         doctest::Contains("every iteration must give the same shape"), Error);
    // The same body with a state of fixed shape runs: 10 + 1 + 2.
    const auto out = scan_model(opset, false).run(feeds());
    CHECK(out[0].second.tensor().data_as<float>()[0] == 13.0f);
    CHECK(out[1].second.tensor().shape() == Shape{2, 1});
  }
}

// spec: Scan-8: "All these tensors are required to have the same shape in each iteration of the loop (a restriction imposed to enable efficient memory allocation)."
// spec: Scan-8: "It is an error if the dimensions of these values change across loop iterations."
TEST_CASE("Scan-8: a state that grows from one iteration to the next is refused") {
  const std::map<std::string, Value> in = {{"s0", Tensor::from_values<float>(T::Float, {1, 1}, {10})},
                                           {"xs", Tensor::from_values<float>(T::Float, {1, 2, 1}, {1, 2})}};
  CHECK_THROWS_WITH_AS(scan_model(8, true).run(in), doctest::Contains("every iteration must give the same shape"),
                       Error);
  // With a state of fixed shape: 10 + 1 + 2.
  CHECK(scan_model(8, false).run(in)[0].second.tensor().data_as<float>()[0] == 13.0f);
}

namespace scan_rules_tests {

// spec: Scan-9,11,16,19,21,23,24,25: "A bidirectional scan may be performed by specifying the same tensor input twice in the scan_inputs, once with a forward direction, and once with a backward direction."
TEST_CASE("Scan-9 and later: the same input scanned forward and backward") {
  for (int64_t v : kScan9On) {
    INFO("Scan-", v);
    ModelBuilder b(v);
    b.initializer("xs", float_vector({1, 2, 3})).output("fwd").output("bwd");
    auto& n = b.node("Scan", {"xs", "xs"}, {"fwd", "bwd"});
    set_int(n, "num_scan_inputs", 2);
    set_ints(n, "scan_input_directions", {0, 1});
    set_graph_attribute(n, "body", sum_body(0, 2));
    const auto out = run_all(b);
    CHECK(out.at(0) == std::vector<float>{1, 2, 3});
    CHECK(out.at(1) == std::vector<float>{3, 2, 1});
  }
}

// spec: Scan-9,11,16,19,21,23,24,25: "The i-th element of the list specifies whether the i-th scan_output should be constructed by appending or prepending a new value in each iteration: 0 indicates appending and 1 indicates prepending."
TEST_CASE("Scan-9 and later: scan_output_directions appends (0) or prepends (1)") {
  for (int64_t v : kScan9On) {
    INFO("Scan-", v);
    for (int64_t direction : {0, 1}) {
      ModelBuilder b(v);
      b.initializer("xs", float_vector({1, 2, 3})).output("ys");
      auto& n = b.node("Scan", {"xs"}, {"ys"});
      set_int(n, "num_scan_inputs", 1);
      set_ints(n, "scan_output_directions", {direction});
      set_graph_attribute(n, "body", sum_body(0, 1));
      CHECK(run_all(b).at(0) == (direction == 0 ? std::vector<float>{1, 2, 3} : std::vector<float>{3, 2, 1}));
    }
  }
}

// spec: Scan-9,11,16,19,21,23,24,25: "scan_i.shape[axis_i] is required to be equal to scan_j.shape[axis_j] for all i,j."
// spec: Scan-11,16,19,21,23,24,25: "Accepted range is [-r, r-1] where r = rank(input)."
TEST_CASE("Scan-9 and later: every scan input has one length along its axis; axes in [-r, r-1] from 11") {
  for (int64_t v : kScan9On) {
    INFO("Scan-", v);
    ModelBuilder unequal(v);
    unequal.initializer("a", float_vector({1, 2, 3})).initializer("b", float_vector({1, 2})).output("ya").output("yb");
    auto& n = unequal.node("Scan", {"a", "b"}, {"ya", "yb"});
    set_int(n, "num_scan_inputs", 2);
    set_graph_attribute(n, "body", sum_body(0, 2));
    CHECK_THROWS_AS(run_all(unequal), Error);
    if (v < 11) continue;
    for (int64_t axis : {-1, 1, 2, -3}) {
      ModelBuilder b(v);
      b.initializer("m", Tensor::from_values<float>(T::Float, {2, 3}, {1, 2, 3, 4, 5, 6})).output("ys");
      auto& s = b.node("Scan", {"m"}, {"ys"});
      set_int(s, "num_scan_inputs", 1);
      set_ints(s, "scan_input_axes", {axis});
      set_graph_attribute(s, "body", sum_body(0, 1));
      if (axis == 2 || axis == -3) {
        CHECK_THROWS_AS(run_all(b), Error);
      } else {
        // Along axis 1: the columns [1, 4], [2, 5], [3, 6], stacked on axis 0.
        CHECK(run_all(b).at(0) == std::vector<float>{1, 4, 2, 5, 3, 6});
      }
    }
  }
}

// spec: Scan-*: "It must return the (updated) values of the state_variables and zero or more scan_output_element tensors."
// spec: Scan-*: "The attribute body must be a graph, specifying the computation to be performed in every iteration."
// spec: Scan-*: "Note that because of the ONNX restriction that only the last parameter of an operator can be variadic, the initial-states and scan-inputs are listed together as one input parameter."
TEST_CASE("Scan, every version: the body returns the states then the scan outputs; num_scan_inputs splits the inputs") {
  for (int64_t v : {8, 9, 11, 16, 19, 21, 23, 24, 25}) {
    INFO("Scan-", v);
    const bool batched = v == 8;
    ModelBuilder b(v);
    // One state (0) and one scan input (1, 2, 3); Scan-8 has a batch of one in front of both.
    b.initializer("s", batched ? Tensor::from_values<float>(T::Float, {1, 1}, {0}) : float_vector({0}));
    b.initializer("xs", batched ? Tensor::from_values<float>(T::Float, {1, 3, 1}, {1, 2, 3})
                                : Tensor::from_values<float>(T::Float, {3, 1}, {1, 2, 3}));
    b.output("total").output("ys");
    std::vector<std::string> inputs = {"s", "xs"};
    if (batched) inputs.insert(inputs.begin(), "");
    auto& n = b.node("Scan", inputs, {"total", "ys"});
    set_int(n, "num_scan_inputs", 1);
    set_graph_attribute(n, "body", sum_body(1, 1));
    const auto out = run_all(b);
    // The state starts at its initial value and the scan output empty; three iterations append.
    // spec: Scan-9,11,16,19,21,23,24,25: "// initialize state-variables st_1 = init_1; ... st_n = init_n; // initialize scan-output variables: [] denotes an empty tensor scan_out_1 = []; ...; scan_out_k = []; // identify number of iterations:"
    CHECK(out.at(0) == std::vector<float>{6});
    CHECK(out.at(1) == std::vector<float>{1, 2, 3});
    // A body that returns the scan output only (no state) is refused.
    ModelBuilder short_body = b;
    auto* body = short_body.proto().mutable_graph()->mutable_node(0)->mutable_attribute(1)->mutable_g();
    body->mutable_output()->DeleteSubrange(0, 1);
    CHECK_THROWS_AS(run_all(short_body), Error);
    // A body that is not a graph is refused.
    ModelBuilder no_graph = b;
    auto* attr = no_graph.proto().mutable_graph()->mutable_node(0)->mutable_attribute(1);
    attr->clear_g();
    attr->set_type(onnx::AttributeProto::INT);
    attr->set_i(1);
    CHECK_THROWS_AS(run_all(no_graph), Error);
  }
}

// spec: Scan-8: "The operation supports batching, and the batch-axis is required to be 0."
// spec: Scan-8: "The sequence axis or scan axis is required to be 1."
// spec: Scan-8: "If this input is not specified, all sequences are assumed to be of length equal to maximum-sequence-length."
// spec: Scan-8: "If this input is not specified, all sequences are assumed to be of the maximum sequence length (the dimension of the sequence axis of the scan_input tensors)."
// spec: Scan-8: "When multiple scan_input tensors are used, they must all have the same batch-size, and they must all have the same maximum-sequence-length"
// spec: Scan-8: "The batch-size of scan_1, ..., scan_m are all required to be equal"
// spec: Scan-8: "N = (sequence_lengths specified) ? sequence_lengths[batch] : max_sequence_length;"
TEST_CASE("Scan-8: axis 0 is the batch, axis 1 the sequence; without sequence_lens every sequence is full") {
  const Tensor xs = Tensor::from_values<float>(T::Float, {2, 3, 1}, {1, 2, 3, 10, 20, 30});
  const auto full = run_all(scan8("", xs));
  CHECK(full.at(0) == std::vector<float>{6, 160});
  CHECK(full.at(1) == std::vector<float>{1, 2, 3, 10, 20, 30});
  // sequence_lens [3, 2]: the second sequence stops after two steps: 100 + 10 + 20.
  const auto shorter = run_all(scan8("lens", xs));
  CHECK(shorter.at(0) == std::vector<float>{6, 130});
  // The scan output keeps max_sequence_length (3) elements per batch entry; the second entry's
  // first two are its steps (its third is left undefined by the text).
  // spec: Scan-8: "Note scan-outputs will have size max_sequence_length, but only first N values will be meaningful."
  REQUIRE(shorter.at(1).size() == 6);
  CHECK(shorter.at(1)[3] == 10);
  CHECK(shorter.at(1)[4] == 20);
  // Two scan inputs of one batch size but different sequence lengths are refused.
  // spec: Scan-8: "// scan_i.shape[1] denotes the (max) sequence-length of scan_i // scan_i.shape[1] is required to be equal to scan_j.shape[1] for all i,j."
  CHECK_THROWS_AS(run_all(scan8_with_second_input(xs, Tensor::from_values<float>(T::Float, {2, 2, 1}, {1, 2, 3, 4}))),
                  Error);
  // Two scan inputs whose batch sizes differ are refused.
  CHECK_THROWS_AS(run_all(scan8_with_second_input(xs, Tensor::from_values<float>(T::Float, {1, 3, 1}, {1, 2, 3}))),
                  Error);
}

// xs [3, 2] scanned along axis 0: three elements of [2]; stacked along output axis -1 they give [2, 3].
// spec: Scan-11,16,19,21,23,24,25: "Accepted range is [-r, r-1]."
TEST_CASE("Scan 11 and later: scan_output_axes in [-r, r-1], a negative one counting from the back") {
  for (int64_t v : {11, 16, 19, 21, 23, 24, 25}) {
    INFO("Scan-", v);
    for (int64_t axis : {-1, 1, 2, -3}) {
      ModelBuilder b(v);
      b.initializer("m", Tensor::from_values<float>(T::Float, {3, 2}, {1, 2, 3, 4, 5, 6})).output("ys");
      auto& s = b.node("Scan", {"m"}, {"ys"});
      set_int(s, "num_scan_inputs", 1);
      set_ints(s, "scan_output_axes", {axis});
      set_graph_attribute(s, "body", sum_body(0, 1));
      if (axis == 2 || axis == -3) {
        CHECK_THROWS_AS(run_all(b), Error);
      } else {
        // Output [2, 3]: element t becomes column t.
        CHECK(run_all(b).at(0) == std::vector<float>{1, 3, 5, 2, 4, 6});
      }
    }
  }
}

// One batch of the sequence [1, 2, 3] scanned forward and backward.
// spec: Scan-8: "A bidirectional scan be performed by specifying the same tensor input twice in the scan_inputs, once with a forward direction, and once with a backward direction."
TEST_CASE("Scan-8: the same input scanned forward and backward") {
  ModelBuilder b(8);
  b.initializer("xs", Tensor::from_values<float>(T::Float, {1, 3}, {1, 2, 3})).output("fwd").output("bwd");
  auto& n = b.node("Scan", {"", "xs", "xs"}, {"fwd", "bwd"});
  set_int(n, "num_scan_inputs", 2);
  set_ints(n, "directions", {0, 1});
  set_graph_attribute(n, "body", sum_body(0, 2));
  const auto out = run_all(b);
  CHECK(out.at(0) == std::vector<float>{1, 2, 3});
  CHECK(out.at(1) == std::vector<float>{3, 2, 1});
}

}  // namespace scan_rules_tests
