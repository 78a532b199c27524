// SequenceMap-17 (ops/sequence/sequence_map.cpp): the body runs once per item of the first input.
// Expected values by hand.
#include <doctest/doctest.h>

#include "helpers/rule_tensors.h"
#include "op_tester.h"
#include "ops/control/control_graph_builder.h"
#include "runtime/error.h"

namespace sequence_map_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

using rule_tensors::f32;
Value floats_seq(std::vector<Tensor> items) { return Value::sequence(T::Float, std::move(items)); }

// body(a, b) = a + b.
onnx::GraphProto add_body() {
  BodyGraph body;
  body.input("a", T::Float).input("b", T::Float).output("s", T::Float);
  body.node("Add", {"a", "b"}, {"s"});
  body.g.set_name("body");
  return body.g;
}

OpTester sequence_map(std::vector<Value> inputs, const onnx::GraphProto& body, size_t outputs = 1) {
  OpTester t("SequenceMap", 17);
  for (auto& v : inputs) t.input(std::move(v));
  t.attribute("body", body).outputs(outputs);
  return t;
}

// spec: SequenceMap-17: "Inputs can be either tensors or sequences, with the exception of the first input which must be a sequence."
// spec: SequenceMap-17: "Any other sequence inputs should have the same number of samples."
// spec: SequenceMap-17: "The outputs will contain the outputs of the sub-graph for each sample, in the same order as in the input."
TEST_CASE("SequenceMap-17: one body run per item, in order; a tensor input passed whole, a sequence item by item") {
  const Value items = floats_seq({f32({1}, {1}), f32({2}, {2, 3}), f32({1}, {4})});
  // With a tensor [10]: [11], [12, 13], [14].
  const Value with_tensor = sequence_map({items, Value(f32({1}, {10}))}, add_body()).run()[0];
  REQUIRE(with_tensor.items().size() == 3);
  CHECK(floats_of(Value(with_tensor.items()[0])) == std::vector<float>{11});
  CHECK(floats_of(Value(with_tensor.items()[1])) == std::vector<float>{12, 13});
  CHECK(floats_of(Value(with_tensor.items()[2])) == std::vector<float>{14});
  // With a sequence of as many items: item by item.
  const Value pairs =
      sequence_map({items, floats_seq({f32({1}, {100}), f32({1}, {200}), f32({1}, {300})})}, add_body()).run()[0];
  REQUIRE(pairs.items().size() == 3);
  CHECK(floats_of(Value(pairs.items()[1])) == std::vector<float>{202, 203});
  CHECK(floats_of(Value(pairs.items()[2])) == std::vector<float>{304});
  CHECK(!sequence_map({items, floats_seq({f32({1}, {100})})}, add_body()).error_of().empty());
  CHECK(!sequence_map({Value(f32({1}, {1})), Value(f32({1}, {10}))}, add_body()).error_of().empty());
}

// spec: SequenceMap-17: "The number of inputs and outputs, should match the one of the subgraph."
// spec: SequenceMap-17: "It should have as many inputs and outputs as inputs and outputs to the SequenceMap function."
TEST_CASE("SequenceMap-17: a body of another arity than the node is refused") {
  const Value items = floats_seq({f32({1}, {1})});
  CHECK(!sequence_map({items}, add_body()).error_of().empty());
  CHECK(!sequence_map({items, Value(f32({1}, {10}))}, add_body(), 2).error_of().empty());
  CHECK(sequence_map({items, Value(f32({1}, {10}))}, add_body()).error_of().empty());
}

}  // namespace sequence_map_tests
