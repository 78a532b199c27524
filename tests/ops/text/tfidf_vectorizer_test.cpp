// Unit tests of ops/text/tfidf_vectorizer.cpp.
#include "helpers/text.h"
#include "helpers/text_rules.h"

TEST_CASE("TfIdfVectorizer: n-grams with skips, the three modes, shared coordinates and bad pools") {
  // The spec's example: X = [94, 17, 36, 12, 28]; skip 2 makes the 2-grams [94, 12] and [17, 28].
  Attributes a;
  a.set("min_gram_length", int64_t{1});
  a.set("max_gram_length", int64_t{2});
  a.set("max_skip_count", int64_t{2});
  a.set("mode", std::string("TF"));
  a.set("pool_int64s", std::vector<int64_t>{94, 17, 94, 12, 17, 28, 36, 12});
  a.set("ngram_counts", std::vector<int64_t>{0, 2});  // 1-grams 94, 17; 2-grams (94,12), (17,28), (36,12)
  a.set("ngram_indexes", std::vector<int64_t>{0, 1, 2, 3, 4});
  const Tensor x = Tensor::from_values<int32_t>(T::Int32, {2, 5}, {94, 17, 36, 12, 28, 94, 94, 12, 12, 0});
  Tensor y = run_text_op("TfIdfVectorizer", 9, {Value(x)}, a)[0].tensor();
  // Row 0: 94 once, 17 once, (94,12) at skip 2, (17,28) at skip 2, (36,12) at skip 0.
  // Row 1: 94 twice; the 2-gram (94, 12) at the pairs (s, s + d) with X[s] = 94 (s = 0, 1) and X[s + d] = 12 (positions 2, 3), d <= 3:
  // (0,2), (0,3), (1,2), (1,3): 4.
  CHECK(y.identical_to(Tensor::from_values<float>(T::Float, {2, 5}, {1, 1, 1, 1, 1, 2, 0, 4, 0, 0})));
  a.set("mode", std::string("TFIDF"));
  a.set("weights", std::vector<float>{0.5f, 2, 0.25f, 1, 3});
  a.set("ngram_indexes", std::vector<int64_t>{0, 1, 2, 2, 3});  // two 2-grams share coordinate 2
  y = run_text_op("TfIdfVectorizer", 9, {Value(x)}, a)[0].tensor();
  CHECK(y.identical_to(Tensor::from_values<float>(T::Float, {2, 4}, {0.5f, 2, 1.25f, 3, 1, 0, 1, 0})));
  a.set("mode", std::string("IDF"));
  y = run_text_op("TfIdfVectorizer", 9, {Value(x)}, a)[0].tensor();
  CHECK(y.identical_to(Tensor::from_values<float>(T::Float, {2, 4}, {0.5f, 2, 1.25f, 3, 0.5f, 0, 0.25f, 0})));
  // Strings, 1-D input.
  Attributes s;
  s.set("min_gram_length", int64_t{2});
  s.set("max_gram_length", int64_t{2});
  s.set("max_skip_count", int64_t{0});
  s.set("mode", std::string("TF"));
  s.set("pool_strings", std::vector<std::string>{"a", "b", "b", "a"});
  s.set("ngram_counts", std::vector<int64_t>{0, 0});
  s.set("ngram_indexes", std::vector<int64_t>{1, 0});
  y = run_text_op("TfIdfVectorizer", 9, {Value(strings({5}, {"a", "b", "a", "b", "a"}))}, s)[0].tensor();
  CHECK(y.identical_to(Tensor::from_values<float>(T::Float, {2}, {2, 2})));
  CHECK_THROWS_WITH_AS(run_text_op("TfIdfVectorizer", 9, {Value(x)}, s), doctest::Contains("X must be a string tensor"),
                       Error);
  s.set("pool_strings", std::vector<std::string>{"a", "b", "a", "b"});
  CHECK_THROWS_WITH_AS(run_text_op("TfIdfVectorizer", 9, {Value(strings({1}, {"a"}))}, s),
                       "the pool lists its n-gram #1 twice", Error);
  s.set("pool_strings", std::vector<std::string>{"a", "b", "c"});
  CHECK_THROWS_WITH_AS(run_text_op("TfIdfVectorizer", 9, {Value(strings({1}, {"a"}))}, s),
                       doctest::Contains("are not a whole number of 2-grams"), Error);
  s.set("pool_int64s", std::vector<int64_t>{1, 2});
  CHECK_THROWS_WITH_AS(run_text_op("TfIdfVectorizer", 9, {Value(strings({1}, {"a"}))}, s),
                       "exactly one of the attributes 'pool_int64s' and 'pool_strings' must be set", Error);
}

namespace text_rules_tests {

// Input [1, 2, 1, 3] with pool 1-grams [1, 3] (indexes 0, 1) and 2-grams [[1, 2], [1, 3]] (2, 3).
// spec: TfIdfVectorizer-9: "Input can be either a 1-D or 2-D tensor."
// spec: TfIdfVectorizer-9: "For 1-D input, output is the n-gram representation of that input."
// spec: TfIdfVectorizer-9: "An n-gram which cannot be found in pool_strings/pool_int64s should be ignored and has no effect on the output."
// spec: TfIdfVectorizer-9: "If mode is "IDF", all the counts larger than 1 would be truncated to 1 and the i-th element in weights would be used to scale (by multiplication) the count of the i-th n-gram in pool."
// spec: TfIdfVectorizer-9: "Only one of pool_strings and pool_int64s can be set."
// spec: TfIdfVectorizer-9: "Either this or pool_strings attributes must be present but not both."
// spec: TfIdfVectorizer-9: "Either this or pool_int64s attributes must be present but not both."
// spec: TfIdfVectorizer-9: "If pool_int64s is set, the input should be an integer tensor."
// spec: TfIdfVectorizer-9: "It can be one of "TF" (term frequency), "IDF" (inverse document frequency), and "TFIDF" (the combination of TF and IDF)"
// spec: TfIdfVectorizer-9: "It's an 1-D tensor starting with the collections of all 1-grams and ending with the collections of n-grams."
// spec: TfIdfVectorizer-9: "The i-th element in pool stores the n-gram that should be mapped to coordinate ngram_indexes[i] in the output vector."
// spec: TfIdfVectorizer-9: "By default, weights is an all-one tensor."
// spec: TfIdfVectorizer-9: "If the number of skips is 2, we should skip two tokens when scanning through the original sequence."
TEST_CASE(
    "TfIdfVectorizer-9: n-gram counts of a 1-D input, unknown n-grams ignored; IDF truncates to 1 and scales; one "
    "pool") {
  const Tensor x = Tensor::from_values<int64_t>(T::Int64, {4}, {1, 2, 1, 3});
  const auto base = [](const char* mode, int64_t skip) {
    return [mode, skip](OpTester& t) {
      t.attribute("mode", mode).attribute("min_gram_length", int64_t{1}).attribute("max_gram_length", int64_t{2});
      t.attribute("max_skip_count", skip).attribute("ngram_counts", std::vector<int64_t>{0, 2});
      t.attribute("ngram_indexes", std::vector<int64_t>{0, 1, 2, 3})
          .attribute("pool_int64s", std::vector<int64_t>{1, 3, 1, 2, 1, 3});
    };
  };
  const auto values = [](const Tensor& t) {
    return std::vector<float>(t.data_as<float>(), t.data_as<float>() + t.element_count());
  };
  // TF: 1 occurs twice, 3 once, (1, 2) once, (1, 3) once.
  CHECK(values(run("TfIdfVectorizer", 9, {x}, base("TF", 0))) == std::vector<float>{2, 1, 1, 1});
  // IDF with weights [0.5, 2, 3, 4]: counts truncated to 1 then scaled.
  CHECK(values(run("TfIdfVectorizer", 9, {x}, [&](OpTester& t) {
          base("IDF", 0)(t);
          t.attribute("weights", std::vector<float>{0.5f, 2, 3, 4});
        })) == std::vector<float>{0.5f, 2, 3, 4});
  // With skips up to 2, (1, 3) also pairs x[0] with x[3] (two tokens skipped): 2.
  CHECK(values(run("TfIdfVectorizer", 9, {x}, base("TF", 2))) == std::vector<float>{2, 1, 1, 2});
  CHECK_THROWS_AS(run("TfIdfVectorizer", 9, {x},
                      [&](OpTester& t) {
                        base("TF", 0)(t);
                        t.attribute("pool_strings", std::vector<std::string>{"a", "b", "c", "d", "e", "f"});
                      }),
                  Error);
  CHECK_THROWS_AS(run("TfIdfVectorizer", 9, {strings({4}, {"1", "2", "1", "3"})}, base("TF", 0)), Error);
  CHECK_THROWS_AS(run("TfIdfVectorizer", 9, {x}, base("COUNT", 0)), Error);
}

}  // namespace text_rules_tests

namespace text_spec_tests {

// Pool 1-grams ["a", "b"]: an int64 input is refused; a string one counts; Y is float, 1-D for a
// 1-D input.
// spec: TfIdfVectorizer-9: "If pool_strings is set, the input must be a string tensor."
// spec: TfIdfVectorizer-9: "1-D tensor of floats"
TEST_CASE("TfIdfVectorizer-9: pool_strings takes a string input; the output is float") {
  const auto pool = [](OpTester& t) {
    t.attribute("mode", "TF").attribute("min_gram_length", int64_t{1}).attribute("max_gram_length", int64_t{1});
    t.attribute("max_skip_count", int64_t{0}).attribute("ngram_counts", std::vector<int64_t>{0});
    t.attribute("ngram_indexes", std::vector<int64_t>{0, 1})
        .attribute("pool_strings", std::vector<std::string>{"a", "b"});
  };
  const Tensor y = run("TfIdfVectorizer", 9, {strings({3}, {"b", "a", "b"})}, pool);
  REQUIRE(y.type() == T::Float);
  CHECK(y.shape() == Shape{2});
  CHECK(std::vector<float>(y.data_as<float>(), y.data_as<float>() + 2) == std::vector<float>{1, 2});
  CHECK_THROWS_AS(run("TfIdfVectorizer", 9, {Tensor::from_values<int64_t>(T::Int64, {2}, {0, 1})}, pool), Error);
}

}  // namespace text_spec_tests
