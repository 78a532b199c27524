// Unit tests of ops/text/string_normalizer.cpp.
#include "helpers/text.h"
#include "helpers/text_rules.h"

TEST_CASE("StringNormalizer: stopwords, case folding, locale-aware case mapping, empty result") {
  Attributes a = text_defaults("StringNormalizer", 10);
  a.set("stopwords", std::vector<std::string>{"monday"});
  a.set("case_change_action", std::string("UPPER"));
  const Tensor y = run_text_op("StringNormalizer", 10,
                               {Value(strings({1, 4}, {"Monday", "tuesday", "MONDAY",
                                                       "stra\xC3\x9F"
                                                       "e"}))},
                               a)[0]
                       .tensor();
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

namespace text_rules_tests {

// spec: StringNormalizer-10: "This operator only accepts [C]- and [1, C]-tensor."
// spec: StringNormalizer-10: "If all elements in X are dropped, the output will be the empty value of string tensor with shape [1] if input shape is [C] and shape [1, 1] if input shape is [1, C]."
// spec: StringNormalizer-10: "Default is "NONE""
// spec: StringNormalizer-10: "Default is false"
// spec: StringNormalizer-10: "This operator has only one input (denoted by X) and only one output (denoted by Y)."
TEST_CASE(
    "StringNormalizer-10: [C] and [1, C] only; no case change, case-insensitive stopwords by default; all dropped "
    "gives one empty string") {
  const Tensor x = strings({3}, {"Aa", "bB", "the"});
  CHECK(run("StringNormalizer", 10, {x}).strings() == std::vector<std::string>{"Aa", "bB", "the"});
  const auto stop = [](OpTester& t) { t.attribute("stopwords", std::vector<std::string>{"THE", "bB"}); };
  // Case-insensitive by default (is_case_sensitive false): "THE" drops "the".
  CHECK(run("StringNormalizer", 10, {x}, stop).strings() == std::vector<std::string>{"Aa"});
  CHECK(run("StringNormalizer", 10, {x}, [](OpTester& t) {
          t.attribute("stopwords", std::vector<std::string>{"THE", "bB"}).attribute("is_case_sensitive", int64_t{1});
        }).strings() == std::vector<std::string>{"Aa", "the"});
  const auto all = [](OpTester& t) { t.attribute("stopwords", std::vector<std::string>{"Aa", "bB", "the"}); };
  const Tensor empty_c = run("StringNormalizer", 10, {x}, all);
  CHECK(empty_c.shape() == Shape{1});
  CHECK(empty_c.strings() == std::vector<std::string>{""});
  const Tensor empty_1c = run("StringNormalizer", 10, {strings({1, 3}, {"Aa", "bB", "the"})}, all);
  CHECK(empty_1c.shape() == Shape{1, 1});
  CHECK_THROWS_AS(run("StringNormalizer", 10, {strings({2, 2}, {"a", "b", "c", "d"})}), Error);
  OpTester two_outputs("StringNormalizer", 10);
  two_outputs.input(Value(x)).outputs(2);
  CHECK_THROWS_AS(two_outputs.run(), Error);
}

}  // namespace text_rules_tests

namespace text_spec_tests {

// Without a locale the case mapping is en_US's: "i" upper-cases to "I" (not the Turkish dotted
// capital), and "é" to "É".
// spec: StringNormalizer-10: "Default en_US or platform specific equivalent as decided by the implementation."
TEST_CASE("StringNormalizer-10: the default locale maps case as en_US") {
  const Tensor y = run("StringNormalizer", 10, {strings({2}, {"istanbul", "\xc3\xa9t\xc3\xa9"})},
                       [](OpTester& t) { t.attribute("case_change_action", "UPPER"); });
  CHECK(y.strings() == std::vector<std::string>{"ISTANBUL", "\xc3\x89T\xc3\x89"});
}

}  // namespace text_spec_tests
