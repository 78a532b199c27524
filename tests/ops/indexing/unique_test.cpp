// Unit tests of ops/indexing/unique.cpp.
#include "helpers/indexing_misc.h"
#include "helpers/indexing_rules.h"

TEST_CASE("Unique: the spec's four examples") {
  // Example 1: unsorted, flattened.
  auto r = misc_run("Unique", 11, {misc_i64({6}, {2, 1, 1, 3, 4, 3})}, {{"sorted", int64_t{0}}}, 4);
  REQUIRE(r.size() == 4);
  CHECK(misc_ints(r[0]) == std::vector<int64_t>{2, 1, 3, 4});
  CHECK(misc_ints(r[1]) == std::vector<int64_t>{0, 1, 3, 4});
  CHECK(misc_ints(r[2]) == std::vector<int64_t>{0, 1, 1, 2, 3, 2});
  CHECK(misc_ints(r[3]) == std::vector<int64_t>{1, 2, 2, 1});
  // Example 2: sorted, a 2-D input flattened.
  r = misc_run("Unique", 11, {misc_i64({2, 2}, {1, 3, 2, 3})}, {}, 4);
  CHECK(misc_ints(r[0]) == std::vector<int64_t>{1, 2, 3});
  CHECK(misc_ints(r[1]) == std::vector<int64_t>{0, 2, 1});
  CHECK(misc_ints(r[2]) == std::vector<int64_t>{0, 2, 1, 2});
  CHECK(misc_ints(r[3]) == std::vector<int64_t>{1, 1, 2});
  // Example 3: rows.
  r = misc_run("Unique", 11, {misc_i64({3, 3}, {1, 0, 0, 1, 0, 0, 2, 3, 4})}, {{"axis", int64_t{0}}}, 4);
  CHECK(r[0].tensor().shape() == Shape{2, 3});
  CHECK(misc_ints(r[0]) == std::vector<int64_t>{1, 0, 0, 2, 3, 4});
  CHECK(misc_ints(r[1]) == std::vector<int64_t>{0, 2});
  CHECK(misc_ints(r[2]) == std::vector<int64_t>{0, 0, 1});
  CHECK(misc_ints(r[3]) == std::vector<int64_t>{2, 1});
  // Example 4: slices along axis 1 of a [2, 4, 2] tensor.
  r = misc_run("Unique", 11, {misc_f32({2, 4, 2}, {1, 1, 0, 1, 2, 1, 0, 1, 1, 1, 0, 1, 2, 1, 0, 1})},
               {{"axis", int64_t{-2}}}, 4);
  CHECK(r[0].tensor().shape() == Shape{2, 3, 2});
  CHECK(misc_floats(r[0]) == std::vector<float>{0, 1, 1, 1, 2, 1, 0, 1, 1, 1, 2, 1});
  CHECK(misc_ints(r[1]) == std::vector<int64_t>{1, 0, 2});
  CHECK(misc_ints(r[2]) == std::vector<int64_t>{1, 0, 2, 0});
  CHECK(misc_ints(r[3]) == std::vector<int64_t>{2, 1, 1});
}

TEST_CASE("Unique: NaN is one value above +inf, -0 equals +0, strings and complex, empty input") {
  const float nan1 = std::nanf("1"), nan2 = -std::nanf("2");
  auto r = misc_run("Unique", 11, {misc_f32({6}, {nan1, 0.0f, INFINITY, -0.0f, nan2, -1.0f})}, {}, 4);
  const auto y = misc_floats(r[0]);
  REQUIRE(y.size() == 4);
  CHECK(y[0] == -1.0f);
  CHECK(!std::signbit(y[1]));  // the first occurrence of zero is +0
  CHECK(y[2] == INFINITY);
  CHECK(std::isnan(y[3]));
  CHECK(misc_ints(r[1]) == std::vector<int64_t>{5, 1, 2, 0});
  CHECK(misc_ints(r[2]) == std::vector<int64_t>{3, 1, 2, 1, 3, 0});
  CHECK(misc_ints(r[3]) == std::vector<int64_t>{1, 2, 1, 2});
  r = misc_run("Unique", 11, {Tensor::from_strings({4}, {"b", "", "ab", "b"})}, {}, 2);
  CHECK(r[0].tensor().strings() == std::vector<std::string>{"", "ab", "b"});
  CHECK(misc_ints(r[1]) == std::vector<int64_t>{1, 2, 0});
  const auto c = misc_run("Unique", 11,
                          {Tensor::from_values<std::complex<double>>(T::Complex128, {3}, {{1, 2}, {1, -1}, {1, 2}})});
  CHECK(c[0].tensor().element_count() == 2);
  CHECK(c[0].tensor().data_as<std::complex<double>>()[0] == std::complex<double>(1, -1));
  r = misc_run("Unique", 11, {misc_f32({0, 3}, {})}, {{"axis", int64_t{1}}}, 4);
  CHECK(r[0].tensor().shape() == Shape{0, 1});  // three empty columns are equal
  CHECK(misc_ints(r[2]) == std::vector<int64_t>{0, 0, 0});
  CHECK_THROWS_WITH_AS(misc_run("Unique", 11, {misc_f32({2}, {1, 2})}, {{"axis", int64_t{1}}}),
                       "axis = 1 is out of range for rank 1 (valid: -1 to 0)", Error);
  CHECK_THROWS_AS(misc_run("Unique", 11, {misc_f32({2}, {1, 2})}, {{"sorted", int64_t{2}}}), Error);
}

namespace indexing_rules_tests {

// x = [2, 1, 2, 3]: sorted (the default) Y = [1, 2, 3], indices of first occurrences [1, 0, 3], inverse [1, 0, 1, 2],
// counts [1, 2, 1]; unsorted Y = [2, 1, 3].
// spec: Unique-11: "Must be one of 0, or 1 (default)."
// spec: Unique-11: "A tensor of the same type as 'X' containing all the unique values or subtensors sliced along a provided 'axis' in 'X', either sorted or maintained in the same order they occur in input 'X'"
// spec: Unique-11: "A 1-D INT64 tensor containing indices of 'Y' elements' first occurrence in 'X'."
// spec: Unique-11: "A 1-D INT64 tensor containing, for elements of 'X', its corresponding indices in 'Y'."
// spec: Unique-11: "A 1-D INT64 tensor containing the count of each element of 'Y' in input 'X'"
// spec: Unique-11: "Accepted range is [-r, r-1] where r = rank(input)."
TEST_CASE("Unique-11: sorted by default; first occurrences, inverse indices and counts; axis in range") {
  const Tensor x = f32({4}, {2, 1, 2, 3});
  OpTester t = node("Unique", 11, {x});
  t.outputs(4);
  const auto out = t.run();
  CHECK(floats(out[0].tensor()) == std::vector<float>{1, 2, 3});
  CHECK(ints(out[1].tensor()) == std::vector<int64_t>{1, 0, 3});
  CHECK(ints(out[2].tensor()) == std::vector<int64_t>{1, 0, 1, 2});
  CHECK(ints(out[3].tensor()) == std::vector<int64_t>{1, 2, 1});
  CHECK(floats(run("Unique", 11, {x}, [](OpTester& u) { u.attribute("sorted", int64_t{0}); })) ==
        std::vector<float>{2, 1, 3});
  CHECK(run("Unique", 11, {kData()}, axis(-1)).shape() == Shape{2, 3});
  CHECK_THROWS_AS(run("Unique", 11, {kData()}, axis(2)), Error);
}

}  // namespace indexing_rules_tests
