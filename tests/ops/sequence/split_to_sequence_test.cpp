// Unit tests of ops/sequence/split_to_sequence.cpp.
#include "helpers/sequence_rules.h"

namespace sequence_rules_tests {

// x = 0..5 as [6]: split 2 gives three [2] tensors; split [1, 5] two; without split, six [1]
// tensors, or six scalars with keepdims = 0.
// spec: SplitToSequence-11,24: "If the argument `split' is not specified, a default scalar value of 1 is used as the value of `split'."
// spec: SplitToSequence-11,24: "'split' must contain only positive numbers."
// spec: SplitToSequence-11,24: "'split' is either a scalar (tensor of empty shape), or a 1-D tensor."
// spec: SplitToSequence-11,24: "If 'split' is a scalar, then 'input' will be split into chunks all of size 'split' if possible."
// spec: SplitToSequence-11,24: "In this scenario, the sum of entries in 'split' must be equal to the dimension size of input tensor on 'axis'."
// spec: SplitToSequence-11,24: "Accepted range is [-rank, rank-1]."
// spec: SplitToSequence-11,24: "Default 1, which means we keep split dimension."
// spec: SplitToSequence-11,24: "If input 'split' is specified, this attribute is ignored."
// spec: SplitToSequence-11,24: "It can be either a scalar(tensor of empty shape), or a 1-D tensor."
// spec: SplitToSequence-11,24: "All values must be >= 0."
TEST_CASE(
    "SplitToSequence, every version: split 1 by default (keepdims 1), a scalar or a 1-D split summing to the axis") {
  const Value x(f32({6}, {0, 1, 2, 3, 4, 5}));
  for (int64_t v : {11, 24}) {
    INFO("SplitToSequence-", v);
    const Value ones = run("SplitToSequence", {x}, {}, v)[0];
    REQUIRE(ones.items().size() == 6);
    CHECK(ones.items()[0].shape() == Shape{1});
    const Value scalars = run(
        "SplitToSequence", {x}, [](OpTester& t) { t.attribute("keepdims", int64_t{0}); }, v)[0];
    CHECK(scalars.items()[0].shape() == Shape{});
    const Value pairs = run(
        "SplitToSequence", {x, Value(i64({}, {2}))}, [](OpTester& t) { t.attribute("keepdims", int64_t{0}); }, v)[0];
    REQUIRE(pairs.items().size() == 3);
    CHECK(pairs.items()[0].shape() == Shape{2});  // keepdims ignored with split given
    const Value parts = run("SplitToSequence", {x, Value(i64({2}, {1, 5}))}, {}, v)[0];
    REQUIRE(parts.items().size() == 2);
    CHECK(parts.items()[1].shape() == Shape{5});
    CHECK_THROWS_AS(run("SplitToSequence", {x, Value(i64({2}, {1, 4}))}, {}, v), Error);
    CHECK_THROWS_AS(run("SplitToSequence", {x, Value(i64({2}, {7, -1}))}, {}, v), Error);
    CHECK_THROWS_AS(run("SplitToSequence", {x, Value(i64({}, {0}))}, {}, v), Error);
    CHECK(run(
              "SplitToSequence", {x}, [](OpTester& t) { t.attribute("axis", int64_t{-1}); }, v)[0]
              .items()
              .size() == 6);
    CHECK_THROWS_AS(run(
                        "SplitToSequence", {x}, [](OpTester& t) { t.attribute("axis", int64_t{1}); }, v),
                    Error);
  }
}

}  // namespace sequence_rules_tests
