// Unit tests of ops/sequence/concat_from_sequence.cpp.
#include "helpers/sequence_rules.h"

namespace sequence_rules_tests {

// Two [1, 2] tensors: concatenated on axis 0 into [2, 2]; with new_axis = 1 stacked on a new axis,
// where axis may be -3..2.
// spec: ConcatFromSequence-11: "All input tensors must have the same shape, except for the dimension size of the axis to concatenate on."
// spec: ConcatFromSequence-11: "By default 'new_axis' is 0, the behavior is similar to numpy.concatenate."
// spec: ConcatFromSequence-11: "Accepted range in `[-r, r - 1]`, where `r` is the rank of input tensors."
// spec: ConcatFromSequence-11: "When `new_axis` is 1, accepted range is `[-r - 1, r]`."
// spec: ConcatFromSequence-11: "Insert and concatenate on a new axis or not, default 0 means do not insert new axis."
TEST_CASE("ConcatFromSequence-11: concatenation by default, stacking with new_axis = 1; axis ranges") {
  const Value pair = Value::sequence(T::Float, {f32({1, 2}, {1, 2}), f32({1, 2}, {3, 4})});
  const auto axis = [](int64_t a, int64_t new_axis = 0) {
    return [a, new_axis](OpTester& t) { t.attribute("axis", a).attribute("new_axis", new_axis); };
  };
  CHECK(run("ConcatFromSequence", {pair}, axis(0))[0].tensor().shape() == Shape{2, 2});
  CHECK(run("ConcatFromSequence", {pair}, axis(-1))[0].tensor().shape() == Shape{1, 4});
  CHECK_THROWS_AS(run("ConcatFromSequence", {pair}, axis(2)), Error);
  CHECK(run("ConcatFromSequence", {pair}, axis(2, 1))[0].tensor().shape() == Shape{1, 2, 2});
  CHECK(run("ConcatFromSequence", {pair}, axis(-3, 1))[0].tensor().shape() == Shape{2, 1, 2});
  CHECK_THROWS_AS(run("ConcatFromSequence", {pair}, axis(3, 1)), Error);
  const Value uneven = Value::sequence(T::Float, {f32({1, 2}, {1, 2}), f32({1, 3}, {3, 4, 5})});
  CHECK(run("ConcatFromSequence", {uneven}, axis(1))[0].tensor().shape() == Shape{1, 5});
  CHECK_THROWS_AS(run("ConcatFromSequence", {uneven}, axis(0)), Error);
}

}  // namespace sequence_rules_tests
