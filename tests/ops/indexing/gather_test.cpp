// Unit tests of ops/indexing/gather.cpp.
#include "helpers/indexing_rules.h"
#include "helpers/movement_indexing.h"

// spec: Gather-13: "All index values are expected to be within bounds [-s, s-1] along axis of size s."
// spec: GatherND-13: "The `indices_shape[-1]` should have a value between 1 (inclusive) and rank `r-b` (inclusive)"
// spec: Gather-13: "It is an error if any of the index values are out of bounds."
TEST_CASE("Gather family: indices checked before use, rows copied whole") {
  const Tensor data = i64({3, 2}, {0, 1, 2, 3, 4, 5});
  CHECK(ints(run_op("Gather", 13, {data, i64({2}, {-1, 0})})[0]) == std::vector<int64_t>{4, 5, 0, 1});
  CHECK_THROWS_WITH_AS(run_op("Gather", 1, {data, i64({1}, {-1})}),
                       "indices[0] = -1 is out of range for a dimension of 3 (valid: 0 to 2)", Error);
  CHECK_THROWS_WITH_AS(run_op("Gather", 13, {data, i64({2}, {0, INT64_MIN})}),
                       doctest::Contains("indices[1] = -9223372036854775808 is out of range"), Error);
  CHECK_THROWS_WITH_AS(run_op("Gather", 13, {data, i64({1}, {INT64_MAX})}, {{"axis", int64_t{1}}}),
                       doctest::Contains("(valid: -2 to 1)"), Error);
  CHECK(ints(run_op("GatherElements", 13, {data, i64({3, 1}, {1, 0, 1})}, {{"axis", int64_t{1}}})[0]) ==
        std::vector<int64_t>{1, 2, 5});
  CHECK(ints(run_op("GatherND", 13, {data, i64({2, 2}, {2, 1, 0, -1})})[0]) == std::vector<int64_t>{5, 1});
  CHECK_THROWS_WITH_AS(run_op("GatherND", 13, {data, i64({1, 3}, {0, 0, 0})}),
                       doctest::Contains("it must lie in [1, 2]"), Error);
  const Tensor strings = Tensor::from_strings({3}, {"x", "y", "z"});
  CHECK(run_op("Gather", 13, {strings, i64({4}, {2, 2, 0, 1})})[0].tensor().strings() ==
        std::vector<std::string>{"z", "z", "x", "y"});
}

// The text's table: data (P, Q) = (3, 2), (P, Q, R) = (2, 3, 2); indices a scalar or (R, S) = (2, 1).
// spec: Gather-13: "The following few examples illustrate how `Gather` works for specific shapes of `data`, `indices`, and given value of `axis`:"
TEST_CASE("Gather-13: the text's table of shapes") {
  const Tensor pq = i64({3, 2}, {0, 1, 2, 3, 4, 5});
  const Tensor pqr = i64({2, 3, 2}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  // (P, Q), scalar, axis 0 -> (Q): data[2, q].
  Tensor y = run_op("Gather", 13, {pq, i64({}, {2})})[0].tensor();
  CHECK(y.shape() == Shape{2});
  CHECK(ints(y) == std::vector<int64_t>{4, 5});
  // (P, Q, R), scalar, axis 1 -> (P, R): data[p, 1, r].
  y = run_op("Gather", 13, {pqr, i64({}, {1})}, {{"axis", int64_t{1}}})[0].tensor();
  CHECK(y.shape() == Shape{2, 2});
  CHECK(ints(y) == std::vector<int64_t>{2, 3, 8, 9});
  // (P, Q), (R, S), axis 0 -> (R, S, Q): data[indices[r, s], q].
  y = run_op("Gather", 13, {pq, i64({2, 1}, {2, 0})})[0].tensor();
  CHECK(y.shape() == Shape{2, 1, 2});
  CHECK(ints(y) == std::vector<int64_t>{4, 5, 0, 1});
  // (P, Q), (R, S), axis 1 -> (P, R, S): data[p, indices[r, s]].
  y = run_op("Gather", 13, {pq, i64({2, 1}, {1, 0})}, {{"axis", int64_t{1}}})[0].tensor();
  CHECK(y.shape() == Shape{3, 2, 1});
  CHECK(ints(y) == std::vector<int64_t>{1, 0, 3, 2, 5, 4});
}

namespace indexing_rules_tests {

// spec: Gather-*: "gather entries of the axis dimension of `data` (by default outer-most one as axis=0) indexed by `indices`, and concatenates them in an output tensor of rank q + (r - 1)."
// spec: Gather-1: "Accepted range is [-r, r-1]"
// spec: Gather-11,13: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: Gather-1: "All index values are expected to be within bounds."
// spec: Gather-1,11: "It is an error if any of the index values are out of bounds."
// spec: Gather-11: "All index values are expected to be within bounds [-s, s-1] along axis of size s."
TEST_CASE("Gather, every version: axis 0 by default, output rank q + r - 1, axis and indices in range") {
  for (int64_t v : {1, 11, 13}) {
    INFO("Gather-", v);
    const Tensor rows = run("Gather", v, {kData(), i64({1, 1}, {1})});
    CHECK(rows.shape() == Shape{1, 1, 3});  // q + r - 1 = 2 + 2 - 1
    CHECK(floats(rows) == std::vector<float>{4, 5, 6});
    const Tensor columns = run("Gather", v, {kData(), i64({2}, {2, 0})}, axis(-1));
    CHECK(columns.shape() == Shape{2, 2});
    CHECK(floats(columns) == std::vector<float>{3, 1, 6, 4});
    CHECK_THROWS_AS(run("Gather", v, {kData(), i64({1}, {0})}, axis(2)), Error);
    CHECK_THROWS_AS(run("Gather", v, {kData(), i64({1}, {0})}, axis(-3)), Error);
    CHECK_THROWS_AS(run("Gather", v, {kData(), i64({1}, {2})}), Error);
    CHECK_THROWS_AS(run("Gather", v, {kData(), i64({1}, {-3})}), Error);
    if (v >= 11) CHECK(floats(run("Gather", v, {kData(), i64({1}, {-2})})) == std::vector<float>{1, 2, 3});
  }
}

}  // namespace indexing_rules_tests
