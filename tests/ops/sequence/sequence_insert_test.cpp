// Unit tests of ops/sequence/sequence_insert.cpp.
#include "helpers/sequence_rules.h"

namespace sequence_rules_tests {

// spec: SequenceInsert-11: "'tensor' must have the same data type as 'input_sequence'."
// spec: SequenceInsert-11: "Accepted range for 'position' is in `[-n, n]`, where `n` is the number of tensors in 'input_sequence'."
// spec: SequenceInsert-11: "'position' is optional, by default it inserts 'tensor' to the back of 'input_sequence'."
// spec: SequenceInsert-11: "It is optional and default is to insert to the back of the sequence."
// spec: SequenceInsert-11: "Accepted range in `[-n, n]`, where `n` is the number of tensors in 'input_sequence'."
// spec: SequenceInsert-11: "It is an error if any of the index values are out of bounds."
TEST_CASE("SequenceInsert-11: at the back by default; position in [-n, n]; the sequence's type") {
  const Value five(f32({1}, {5}));
  CHECK(firsts(run("SequenceInsert", {three(), five})[0]) == std::vector<float>{10, 20, 30, 5});
  CHECK(firsts(run("SequenceInsert", {three(), five, Value(i64({}, {3}))})[0]) == std::vector<float>{10, 20, 30, 5});
  CHECK(firsts(run("SequenceInsert", {three(), five, Value(i64({}, {-3}))})[0]) == std::vector<float>{5, 10, 20, 30});
  CHECK_THROWS_AS(run("SequenceInsert", {three(), five, Value(i64({}, {4}))}), Error);
  CHECK_THROWS_AS(run("SequenceInsert", {three(), five, Value(i64({}, {-4}))}), Error);
  CHECK_THROWS_AS(run("SequenceInsert", {three(), Value(Tensor::from_values<double>(T::Double, {1}, {5}))}), Error);
}

}  // namespace sequence_rules_tests
