// Unit tests of ops/text/regex_full_match.cpp.
#include "helpers/text.h"
#include "helpers/text_rules.h"

TEST_CASE("RegexFullMatch: RE2 full matches, and a bad pattern is a one-line error") {
  Attributes a;
  a.set("pattern", std::string(R"(\w+@(\w+)\.com)"));
  const Tensor y =
      run_text_op("RegexFullMatch", 20, {Value(strings({2, 2}, {"me@x.com", "me@x.com.au", "@x.com", ""}))}, a)[0]
          .tensor();
  CHECK(y.identical_to(Tensor::from_values<uint8_t>(T::Bool, {2, 2}, {1, 0, 0, 0})));
  a.set("pattern", std::string("(a"));
  CHECK_THROWS_WITH_AS(run_text_op("RegexFullMatch", 20, {Value(strings({1}, {"a"}))}, a),
                       doctest::Contains("attribute 'pattern' = '(a' is not valid RE2 syntax: 'missing )"), Error);
  CHECK_THROWS_WITH_AS(run_text_op("RegexFullMatch", 20, {Value(strings({1}, {"a"}))}, {}),
                       doctest::Contains("attribute 'pattern' is required"), Error);
}

namespace text_rules_tests {

// spec: RegexFullMatch-20: "This must be valid RE2 syntax."
TEST_CASE("RegexFullMatch-20: the whole string must match; an invalid pattern is refused") {
  const Tensor x = strings({2}, {"ab12", "ab"});
  const Tensor y = run("RegexFullMatch", 20, {x}, [](OpTester& t) { t.attribute("pattern", "[a-z]+[0-9]+"); });
  CHECK(std::vector<uint8_t>(y.data_as<uint8_t>(), y.data_as<uint8_t>() + 2) == std::vector<uint8_t>{1, 0});
  CHECK_THROWS_AS(run("RegexFullMatch", 20, {x}, [](OpTester& t) { t.attribute("pattern", "(unclosed"); }), Error);
}

}  // namespace text_rules_tests

namespace text_spec_tests {

// Two-byte characters are one character each: "é" matches "." once, splitting keeps them whole.
// spec: RegexFullMatch-20: "Inputs must be UTF-8 strings"
// spec: StringConcat-20: "Inputs and outputs must be UTF-8 strings"
// spec: StringSplit-20: "The input must be a UTF-8 string tensor"
TEST_CASE("RegexFullMatch, StringConcat, StringSplit (20): UTF-8 strings, a character of several bytes as one") {
  const Tensor m = run("RegexFullMatch", 20, {strings({2}, {"\xc3\xa9", "e\xcc\x81"})},
                       [](OpTester& t) { t.attribute("pattern", "."); });
  CHECK(std::vector<uint8_t>(m.data_as<uint8_t>(), m.data_as<uint8_t>() + 2) == std::vector<uint8_t>{1, 0});
  CHECK(run("StringConcat", 20, {strings({1}, {"\xc3\xa9"}), strings({1}, {"\xc3\xbc"})}).strings() ==
        std::vector<std::string>{"\xc3\xa9\xc3\xbc"});
  const Tensor s = run("StringSplit", 20, {strings({1}, {"\xc3\xa9\xc3\xa9 \xc3\xbc"})}, {}, 2);
  CHECK(s.strings() == std::vector<std::string>{"\xc3\xa9\xc3\xa9", "\xc3\xbc"});
}

}  // namespace text_spec_tests
