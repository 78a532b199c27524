// Unit tests of ops/sequence/sequence_at.cpp.
#include "helpers/sequence_rules.h"

namespace sequence_rules_tests {

// spec: SequenceAt-11: "Accepted range for 'position' is in `[-n, n - 1]`, where `n` is the number of tensors in 'input_sequence'."
// spec: SequenceAt-11: "Accepted range in `[-n, n - 1]`, where `n` is the number of tensors in 'input_sequence'."
// spec: SequenceAt-11: "It is an error if any of the index values are out of bounds."
TEST_CASE("SequenceAt-11: position in [-n, n - 1], one element") {
  CHECK(first(run("SequenceAt", {three(), Value(i64({}, {-1}))})[0].tensor()) == 30);
  CHECK(first(run("SequenceAt", {three(), Value(i64({}, {0}))})[0].tensor()) == 10);
  CHECK_THROWS_AS(run("SequenceAt", {three(), Value(i64({}, {3}))}), Error);
  CHECK_THROWS_AS(run("SequenceAt", {three(), Value(i64({}, {-4}))}), Error);
  CHECK_THROWS_AS(run("SequenceAt", {three(), Value(i64({2}, {0, 1}))}), Error);
}

}  // namespace sequence_rules_tests

namespace sequence_position_tests {

// A position of two elements is refused; a one-element [1] one is taken as the scalar
// (docs/DEPARTURES.md, SequenceAt-11, SequenceErase-11, SequenceInsert-11).
// spec: SequenceAt-11: "It must be a scalar(tensor of empty shape)."
// spec: SequenceErase-11: "It must be a scalar(tensor of empty shape)."
// spec: SequenceInsert-11: "It must be a scalar(tensor of empty shape)."
TEST_CASE("SequenceAt, SequenceErase, SequenceInsert (11): position is one value") {
  const Value five(f32({1}, {5}));
  CHECK_THROWS_AS(run("SequenceAt", {three(), Value(i64({2}, {0, 1}))}), Error);
  CHECK_THROWS_AS(run("SequenceErase", {three(), Value(i64({2}, {0, 1}))}), Error);
  CHECK_THROWS_AS(run("SequenceInsert", {three(), five, Value(i64({2}, {0, 1}))}), Error);
  CHECK(firsts(run("SequenceErase", {three(), Value(i64({}, {0}))})[0]) == std::vector<float>{20, 30});
  CHECK(firsts(run("SequenceInsert", {three(), five, Value(i64({1}, {1}))})[0]) == std::vector<float>{10, 5, 20, 30});
}

}  // namespace sequence_position_tests
