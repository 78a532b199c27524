// Unit tests of ops/text/regex_full_match.cpp.
#include "helpers/text.h"

TEST_CASE("RegexFullMatch: RE2 full matches, and a bad pattern is a one-line error") {
  Attributes a;
  a.set("pattern", std::string(R"(\w+@(\w+)\.com)"));
  const Tensor y = run_text_op("RegexFullMatch", 20, {Value(strings({2, 2}, {"me@x.com", "me@x.com.au", "@x.com", ""}))}, a)[0].tensor();
  CHECK(y.identical_to(Tensor::from_values<uint8_t>(T::Bool, {2, 2}, {1, 0, 0, 0})));
  a.set("pattern", std::string("(a"));
  CHECK_THROWS_WITH_AS(run_text_op("RegexFullMatch", 20, {Value(strings({1}, {"a"}))}, a),
                       doctest::Contains("attribute 'pattern' = '(a' is not valid RE2 syntax: 'missing )"), Error);
  CHECK_THROWS_WITH_AS(run_text_op("RegexFullMatch", 20, {Value(strings({1}, {"a"}))}, {}),
                       doctest::Contains("attribute 'pattern' is required"), Error);
}
