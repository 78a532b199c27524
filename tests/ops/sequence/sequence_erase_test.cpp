// Unit tests of ops/sequence/sequence_erase.cpp.
#include "helpers/sequence_rules.h"

namespace sequence_rules_tests {

// spec: SequenceErase-11: "Accepted range for 'position' is in `[-n, n - 1]`, where `n` is the number of tensors in 'input_sequence'."
// spec: SequenceErase-11: "Accepted range in `[-n, n - 1]`, where `n` is the number of tensors in 'input_sequence'."
// spec: SequenceErase-11: "'position' is optional, by default it erases the last tensor from 'input_sequence'."
// spec: SequenceErase-11: "It is an error if any of the index values are out of bounds."
TEST_CASE("SequenceErase-11: the last by default; position in [-n, n - 1]") {
  CHECK(firsts(run("SequenceErase", {three()})[0]) == std::vector<float>{10, 20});
  CHECK(firsts(run("SequenceErase", {three(), Value(i64({}, {-3}))})[0]) == std::vector<float>{20, 30});
  CHECK_THROWS_AS(run("SequenceErase", {three(), Value(i64({}, {3}))}), Error);
}

}  // namespace sequence_rules_tests
