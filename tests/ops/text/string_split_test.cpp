// Unit tests of ops/text/string_split.cpp.
#include "helpers/text.h"
#include "helpers/text_rules.h"

TEST_CASE("StringSplit: delimiter, whitespace runs, maxsplit, padding and counts") {
  Attributes a;
  a.set("delimiter", std::string("-"));
  auto r = run_text_op("StringSplit", 20, {Value(strings({3}, {"o-n--x-", "", "ab"}))}, a, 2);
  CHECK(r[0].tensor().shape() == Shape{3, 5});
  CHECK(r[0].tensor().strings() ==
        std::vector<std::string>{"o", "n", "", "x", "", "", "", "", "", "", "ab", "", "", "", ""});
  CHECK(r[1].tensor().identical_to(Tensor::from_values<int64_t>(T::Int64, {3}, {5, 1, 1})));
  // Whitespace mode: runs separate, ends are dropped; U+00A0 and U+3000 are whitespace too.
  Attributes w;
  r = run_text_op("StringSplit", 20,
                  {Value(strings({2}, {"  hello \t world\n",
                                       "a\xC2\xA0"
                                       "b\xE3\x80\x80"
                                       "c"}))},
                  w, 2);
  CHECK(r[0].tensor().strings() == std::vector<std::string>{"hello", "world", "", "a", "b", "c"});
  w.set("maxsplit", int64_t{1});
  r = run_text_op("StringSplit", 20, {Value(strings({3}, {"  a b  c  ", "   ", "x"}))}, w, 2);
  CHECK(r[0].tensor().strings() == std::vector<std::string>{"a", "b  c  ", "", "", "x", ""});
  CHECK(r[1].tensor().identical_to(Tensor::from_values<int64_t>(T::Int64, {3}, {2, 0, 1})));
  r = run_text_op("StringSplit", 20, {Value(strings({0}, {}))}, w, 2);
  CHECK(r[0].tensor().shape() == Shape{0, 0});
  w.set("maxsplit", int64_t{-1});
  CHECK_THROWS_WITH_AS(run_text_op("StringSplit", 20, {Value(strings({1}, {"a"}))}, w, 2),
                       "attribute 'maxsplit' = -1 is negative", Error);
}

namespace text_rules_tests {

// spec: StringSplit-20: "This tensor has one additional rank compared to the input tensor in order to store the substrings for each input element (where the input tensor is not empty)."
// spec: StringSplit-20: "Note that, in order to ensure the same number of elements are present in the final dimension, this tensor will pad empty strings as illustrated in the examples below."
// spec: StringSplit-20: "Note that to ensure the same number of elements are present in the final rank, this tensor will pad any necessary empty strings."
// spec: StringSplit-20: "Consecutive delimiters are not grouped together and are deemed to delimit empty strings, except if the `delimiter` is unspecified or is the empty string ("")."
// spec: StringSplit-20: "In the case where the `delimiter` is unspecified or the empty string, consecutive whitespace characters are regarded as a single separator and leading or trailing whitespace is removed in the output."
// spec: StringSplit-20: "If left unset or set to the empty string (""), the input is split on consecutive whitespace."
TEST_CASE("StringSplit-20: one more rank padded with empty strings; delimiters not grouped; whitespace by default") {
  const Tensor x = strings({2}, {"a,,b", "c"});
  const Tensor y = run(
      "StringSplit", 20, {x}, [](OpTester& t) { t.attribute("delimiter", ","); }, 2);
  CHECK(y.shape() == Shape{2, 3});
  CHECK(y.strings() == std::vector<std::string>{"a", "", "b", "c", "", ""});
  const Tensor w = run("StringSplit", 20, {strings({1}, {"  x   y "})}, {}, 2);
  CHECK(w.shape() == Shape{1, 2});
  CHECK(w.strings() == std::vector<std::string>{"x", "y"});
}

}  // namespace text_rules_tests
