// Unit tests of ops/indexing/reverse_sequence.cpp.
#include "helpers/indexing_misc.h"
#include "helpers/indexing_rules.h"

TEST_CASE("ReverseSequence: the spec's two examples, strings, lengths checked") {
  std::vector<float> x(16);
  for (size_t i = 0; i < 16; ++i) x[i] = static_cast<float>(i);
  // Example 1 (time_axis 0, batch_axis 1): input[t][b] = 4 b + t.
  std::vector<float> ex1(16);
  for (size_t t = 0; t < 4; ++t)
    for (size_t b = 0; b < 4; ++b) ex1[t * 4 + b] = static_cast<float>(4 * b + t);
  CHECK(misc_floats(misc_run("ReverseSequence", 10, {misc_f32({4, 4}, ex1), misc_i64({4}, {4, 3, 2, 1})})[0]) ==
        std::vector<float>{3, 6, 9, 12, 2, 5, 8, 13, 1, 4, 10, 14, 0, 7, 11, 15});
  CHECK(misc_floats(misc_run("ReverseSequence", 10, {misc_f32({4, 4}, x), misc_i64({4}, {1, 2, 3, 4})},
                             {{"batch_axis", int64_t{0}}, {"time_axis", int64_t{1}}})[0]) ==
        std::vector<float>{0, 1, 2, 3, 5, 4, 6, 7, 10, 9, 8, 11, 15, 14, 13, 12});
  // Rank 3: the trailing axis moves whole.
  const auto s = misc_run("ReverseSequence", 10,
                          {Tensor::from_strings({3, 1, 2}, {"a", "b", "c", "d", "e", "f"}), misc_i64({1}, {3})});
  CHECK(s[0].tensor().strings() == std::vector<std::string>{"e", "f", "c", "d", "a", "b"});
  CHECK_THROWS_WITH_AS(misc_run("ReverseSequence", 10, {misc_f32({4, 4}, x), misc_i64({4}, {1, 5, 0, 0})}),
                       "sequence_lens[1] = 5 is out of range for a time axis of 4 (valid: 0 to 4)", Error);
  CHECK_THROWS_WITH_AS(misc_run("ReverseSequence", 10, {misc_f32({4, 4}, x), misc_i64({4}, {0, 0, INT64_MIN, 0})}),
                       doctest::Contains("sequence_lens[2] = -9223372036854775808 is out of range"), Error);
  CHECK_THROWS_WITH_AS(misc_run("ReverseSequence", 10, {misc_f32({4, 4}, x), misc_i64({3}, {1, 1, 1})}),
                       doctest::Contains("it must be int64[4]"), Error);
  CHECK_THROWS_WITH_AS(misc_run("ReverseSequence", 10, {misc_f32({4}, {0, 1, 2, 3}), misc_i64({4}, {1, 1, 1, 1})}),
                       doctest::Contains("rank 2 or more"), Error);
  CHECK_THROWS_WITH_AS(
      misc_run("ReverseSequence", 10, {misc_f32({4, 4}, x), misc_i64({4}, {1, 1, 1, 1})}, {{"time_axis", int64_t{1}}}),
      "batch_axis and time_axis are both 1; they must differ", Error);
}

namespace indexing_rules_tests {

// x [time 3, batch 2] with sequence_lens [3, 1]: batch 0 reversed, batch 1 kept.
// spec: ReverseSequence-10: "Must be one of 1 (default), or 0."
// spec: ReverseSequence-10: "Must be one of 0 (default), or 1."
TEST_CASE("ReverseSequence-10: time axis 0 and batch axis 1 by default; other axes are refused") {
  const Tensor x = f32({3, 2}, {1, 10, 2, 20, 3, 30});
  const Tensor lens = i64({2}, {3, 1});
  CHECK(floats(run("ReverseSequence", 10, {x, lens})) == std::vector<float>{3, 10, 2, 20, 1, 30});
  CHECK_THROWS_AS(run("ReverseSequence", 10, {x, lens}, [](OpTester& t) { t.attribute("batch_axis", int64_t{2}); }),
                  Error);
  CHECK_THROWS_AS(run("ReverseSequence", 10, {x, lens}, [](OpTester& t) { t.attribute("time_axis", int64_t{2}); }),
                  Error);
}

}  // namespace indexing_rules_tests
