// Unit tests of ops/text/string_normalizer.cpp.
#include "helpers/text.h"

TEST_CASE("StringNormalizer: stopwords, case folding, locale-aware case mapping, empty result") {
  Attributes a = text_defaults("StringNormalizer", 10);
  a.set("stopwords", std::vector<std::string>{"monday"});
  a.set("case_change_action", std::string("UPPER"));
  const Tensor y = run_text_op("StringNormalizer", 10, {Value(strings({1, 4}, {"Monday", "tuesday", "MONDAY", "stra\xC3\x9F" "e"}))}, a)[0].tensor();
  CHECK(y.shape() == Shape{1, 2});
  CHECK(y.strings() == std::vector<std::string>{"TUESDAY", "STRASSE"});
  a.set("is_case_sensitive", int64_t{1});
  a.set("case_change_action", std::string("LOWER"));
  const Tensor s = run_text_op("StringNormalizer", 10, {Value(strings({3}, {"Monday", "monday", "X"}))}, a)[0].tensor();
  CHECK(s.strings() == std::vector<std::string>{"monday", "x"});
  // Turkish: I lowercases to dotless ı (U+0131).
  a.set("locale", std::string("tr_TR"));
  a.set("stopwords", std::vector<std::string>{});
  CHECK(run_text_op("StringNormalizer", 10, {Value(strings({1}, {"I"}))}, a)[0].tensor().strings() ==
        std::vector<std::string>{"\xC4\xB1"});
  a.set("stopwords", std::vector<std::string>{"x"});
  const Tensor e = run_text_op("StringNormalizer", 10, {Value(strings({1, 1}, {"x"}))}, a)[0].tensor();
  CHECK(e.shape() == Shape{1, 1});
  CHECK(e.strings() == std::vector<std::string>{""});
  CHECK_THROWS_WITH_AS(run_text_op("StringNormalizer", 10, {Value(strings({1}, {"\xFF"}))}, a),
                       doctest::Contains("is not valid UTF-8"), Error);
  CHECK_THROWS_AS(run_text_op("StringNormalizer", 10, {Value(strings({2, 2}, {"a", "b", "c", "d"}))}, a), Error);
  a.set("case_change_action", std::string("TITLE"));
  CHECK_THROWS_WITH_AS(run_text_op("StringNormalizer", 10, {Value(strings({1}, {"a"}))}, a),
                       "attribute 'case_change_action' = 'TITLE' is none of LOWER, UPPER, NONE", Error);
}
