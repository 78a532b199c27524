// Unit tests of ops/text/tfidf_vectorizer.cpp.
#include "helpers/text.h"

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
  CHECK_THROWS_WITH_AS(run_text_op("TfIdfVectorizer", 9, {Value(x)}, s), doctest::Contains("X must be a string tensor"), Error);
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
