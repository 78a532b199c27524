// Scan-9 and later: a state variable whose shape changes between iterations is refused.
// Expected values by hand.
#include <doctest/doctest.h>

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
  b.input("xs", T::Float, batched ? std::vector<int64_t>{1, 2, 1} : std::vector<int64_t>{2, 1}).output("s").output("ys");
  auto& node = b.node("Scan", batched ? std::vector<std::string>{"", "s0", "xs"} : std::vector<std::string>{"s0", "xs"}, {"s", "ys"});
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
  return {{"s0", Tensor::from_values<float>(T::Float, {1}, {10})}, {"xs", Tensor::from_values<float>(T::Float, {2, 1}, {1, 2})}};
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
    CHECK_THROWS_WITH_AS(scan_model(opset, true).run(feeds()), doctest::Contains("every iteration must give the same shape"), Error);
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
  CHECK_THROWS_WITH_AS(scan_model(8, true).run(in), doctest::Contains("every iteration must give the same shape"), Error);
  // With a state of fixed shape: 10 + 1 + 2.
  CHECK(scan_model(8, false).run(in)[0].second.tensor().data_as<float>()[0] == 13.0f);
}
