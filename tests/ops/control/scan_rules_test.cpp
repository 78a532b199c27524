// Scan, every version (8, 9, 11, 16, 19, 21, 23, 24, 25): the rules of the ONNX 1.22.0 text, each
// check citing its sentence. Expected values by hand.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "control_graph_builder.h"

namespace scan_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

const std::vector<int64_t> kScan9On = {9, 11, 16, 19, 21, 23, 24, 25};

// A body with `states` running sums and one scan output per scan input (its element).
BodyGraph sum_body(int states, int scans) {
  BodyGraph body;
  for (int s = 0; s < states; ++s) body.input("s" + std::to_string(s), T::Float);
  for (int x = 0; x < scans; ++x) body.input("x" + std::to_string(x), T::Float);
  for (int s = 0; s < states; ++s) {
    body.output("so" + std::to_string(s), T::Float);
    body.node("Add", {"s" + std::to_string(s), "x" + std::to_string(s)}, {"so" + std::to_string(s)});
  }
  for (int x = 0; x < scans; ++x) {
    body.output("y" + std::to_string(x), T::Float);
    body.node("Identity", {"x" + std::to_string(x)}, {"y" + std::to_string(x)});
  }
  return body;
}

std::vector<std::vector<float>> run_all(const ModelBuilder& b) {
  std::vector<std::vector<float>> out;
  for (auto& [name, value] : b.build().run({})) out.push_back(floats_of(value));
  return out;
}

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

// Scan-8: a batch of two sequences of three, running sums.
ModelBuilder scan8(const std::string& lengths, const Tensor& xs) {
  ModelBuilder b(8);
  b.initializer("s", Tensor::from_values<float>(T::Float, {2, 1}, {0, 100}));
  b.initializer("xs", xs);
  b.initializer("lens", Tensor::from_values<int64_t>(T::Int64, {2}, {3, 2}));
  b.output("total").output("ys");
  auto& n = b.node("Scan", {lengths, "s", "xs"}, {"total", "ys"});
  set_int(n, "num_scan_inputs", 1);
  set_graph_attribute(n, "body", sum_body(1, 1));
  return b;
}

// scan8 with a second scan input `zs`, copied to a second scan output.
ModelBuilder scan8_with_second_input(const Tensor& xs, const Tensor& zs) {
  ModelBuilder b = scan8("", xs);
  b.initializer("zs", zs);
  auto* node = b.proto().mutable_graph()->mutable_node(0);
  node->add_input("zs");
  node->add_output("zy");
  b.output("zy");
  node->mutable_attribute(0)->set_i(2);
  auto* body = node->mutable_attribute(1)->mutable_g();
  BodyGraph::describe(body->add_input(), "z", T::Float, false);
  BodyGraph::describe(body->add_output(), "zo", T::Float, false);
  auto* copy = body->add_node();
  copy->set_op_type("Identity");
  copy->add_input("z");
  copy->add_output("zo");
  return b;
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
  CHECK_THROWS_AS(run_all(scan8_with_second_input(xs, Tensor::from_values<float>(T::Float, {2, 2, 1}, {1, 2, 3, 4}))), Error);
  // Two scan inputs whose batch sizes differ are refused.
  CHECK_THROWS_AS(run_all(scan8_with_second_input(xs, Tensor::from_values<float>(T::Float, {1, 3, 1}, {1, 2, 3}))), Error);
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
