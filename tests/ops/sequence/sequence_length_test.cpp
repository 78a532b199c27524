// Unit tests of ops/sequence/sequence_length.cpp.
#include "helpers/sequence_rules.h"

namespace sequence_rules_tests {

// spec: SequenceLength-11: "Produces a scalar(tensor of empty shape) containing the number of tensors in 'input_sequence'."
// spec: SequenceConstruct-11: "All tensors in 'inputs' must have the same data type."
// spec: SequenceEmpty-11: "Construct an empty tensor sequence, with given data type."
// spec: SequenceEmpty-11: "The default type is 'float'."
// spec: SequenceEmpty-11: "Empty sequence."
TEST_CASE("SequenceLength, SequenceConstruct, SequenceEmpty (11)") {
  const Tensor n = run("SequenceLength", {three()})[0].tensor();
  // spec: SequenceLength-11: "It must be a scalar(tensor of empty shape)."
  CHECK(n.shape() == Shape{});
  CHECK(n.data_as<int64_t>()[0] == 3);
  CHECK_THROWS_AS(
      run("SequenceConstruct", {Value(f32({1}, {1})), Value(Tensor::from_values<double>(T::Double, {1}, {1}))}), Error);
  const Value empty = run("SequenceEmpty", {})[0];
  CHECK(empty.items().empty());
  CHECK(empty.type().elem == T::Float);
  const Value ints =
      run("SequenceEmpty", {}, [](OpTester& t) { t.attribute("dtype", static_cast<int64_t>(code_of(T::Int64))); })[0];
  CHECK(ints.type().elem == T::Int64);
}

}  // namespace sequence_rules_tests
