// StringNormalizer, StringSplit, StringConcat, RegexFullMatch and TfIdfVectorizer: the rules of the
// ONNX 1.22.0 text, each check citing its sentence. Expected values by hand.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace text_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor strings(Shape s, std::vector<std::string> v) { return Tensor::from_strings(std::move(s), std::move(v)); }
Tensor run(const char* op, int64_t v, std::vector<Tensor> inputs, const std::function<void(OpTester&)>& attrs = {}, size_t outputs = 1) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(Value(std::move(i)));
  if (attrs) attrs(t);
  t.outputs(outputs);
  return t.run().at(0).tensor();
}

// spec: StringNormalizer-10: "This operator only accepts [C]- and [1, C]-tensor."
// spec: StringNormalizer-10: "If all elements in X are dropped, the output will be the empty value of string tensor with shape [1] if input shape is [C] and shape [1, 1] if input shape is [1, C]."
// spec: StringNormalizer-10: "Default is "NONE""
// spec: StringNormalizer-10: "Default is false"
// spec: StringNormalizer-10: "This operator has only one input (denoted by X) and only one output (denoted by Y)."
TEST_CASE("StringNormalizer-10: [C] and [1, C] only; no case change, case-insensitive stopwords by default; all dropped gives one empty string") {
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

// spec: StringSplit-20: "This tensor has one additional rank compared to the input tensor in order to store the substrings for each input element (where the input tensor is not empty)."
// spec: StringSplit-20: "Note that, in order to ensure the same number of elements are present in the final dimension, this tensor will pad empty strings as illustrated in the examples below."
// spec: StringSplit-20: "Note that to ensure the same number of elements are present in the final rank, this tensor will pad any necessary empty strings."
// spec: StringSplit-20: "Consecutive delimiters are not grouped together and are deemed to delimit empty strings, except if the `delimiter` is unspecified or is the empty string ("")."
// spec: StringSplit-20: "In the case where the `delimiter` is unspecified or the empty string, consecutive whitespace characters are regarded as a single separator and leading or trailing whitespace is removed in the output."
// spec: StringSplit-20: "If left unset or set to the empty string (""), the input is split on consecutive whitespace."
TEST_CASE("StringSplit-20: one more rank padded with empty strings; delimiters not grouped; whitespace by default") {
  const Tensor x = strings({2}, {"a,,b", "c"});
  const Tensor y = run("StringSplit", 20, {x}, [](OpTester& t) { t.attribute("delimiter", ","); }, 2);
  CHECK(y.shape() == Shape{2, 3});
  CHECK(y.strings() == std::vector<std::string>{"a", "", "b", "c", "", ""});
  const Tensor w = run("StringSplit", 20, {strings({1}, {"  x   y "})}, {}, 2);
  CHECK(w.shape() == Shape{1, 2});
  CHECK(w.strings() == std::vector<std::string>{"x", "y"});
}

// spec: RegexFullMatch-20: "This must be valid RE2 syntax."
TEST_CASE("RegexFullMatch-20: the whole string must match; an invalid pattern is refused") {
  const Tensor x = strings({2}, {"ab12", "ab"});
  const Tensor y = run("RegexFullMatch", 20, {x}, [](OpTester& t) { t.attribute("pattern", "[a-z]+[0-9]+"); });
  CHECK(std::vector<uint8_t>(y.data_as<uint8_t>(), y.data_as<uint8_t>() + 2) == std::vector<uint8_t>{1, 0});
  CHECK_THROWS_AS(run("RegexFullMatch", 20, {x}, [](OpTester& t) { t.attribute("pattern", "(unclosed"); }), Error);
}

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
TEST_CASE("TfIdfVectorizer-9: n-gram counts of a 1-D input, unknown n-grams ignored; IDF truncates to 1 and scales; one pool") {
  const Tensor x = Tensor::from_values<int64_t>(T::Int64, {4}, {1, 2, 1, 3});
  const auto base = [](const char* mode, int64_t skip) {
    return [mode, skip](OpTester& t) {
      t.attribute("mode", mode).attribute("min_gram_length", int64_t{1}).attribute("max_gram_length", int64_t{2});
      t.attribute("max_skip_count", skip).attribute("ngram_counts", std::vector<int64_t>{0, 2});
      t.attribute("ngram_indexes", std::vector<int64_t>{0, 1, 2, 3}).attribute("pool_int64s", std::vector<int64_t>{1, 3, 1, 2, 1, 3});
    };
  };
  const auto values = [](const Tensor& t) { return std::vector<float>(t.data_as<float>(), t.data_as<float>() + t.element_count()); };
  // TF: 1 occurs twice, 3 once, (1, 2) once, (1, 3) once.
  CHECK(values(run("TfIdfVectorizer", 9, {x}, base("TF", 0))) == std::vector<float>{2, 1, 1, 1});
  // IDF with weights [0.5, 2, 3, 4]: counts truncated to 1 then scaled.
  CHECK(values(run("TfIdfVectorizer", 9, {x}, [&](OpTester& t) {
          base("IDF", 0)(t);
          t.attribute("weights", std::vector<float>{0.5f, 2, 3, 4});
        })) == std::vector<float>{0.5f, 2, 3, 4});
  // With skips up to 2, (1, 3) also pairs x[0] with x[3] (two tokens skipped): 2.
  CHECK(values(run("TfIdfVectorizer", 9, {x}, base("TF", 2))) == std::vector<float>{2, 1, 1, 2});
  CHECK_THROWS_AS(run("TfIdfVectorizer", 9, {x}, [&](OpTester& t) {
                    base("TF", 0)(t);
                    t.attribute("pool_strings", std::vector<std::string>{"a", "b", "c", "d", "e", "f"});
                  }),
                  Error);
  CHECK_THROWS_AS(run("TfIdfVectorizer", 9, {strings({4}, {"1", "2", "1", "3"})}, base("TF", 0)), Error);
  CHECK_THROWS_AS(run("TfIdfVectorizer", 9, {x}, base("COUNT", 0)), Error);
}

}  // namespace text_rules_tests

namespace text_spec_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;
using text_rules_tests::run;
using text_rules_tests::strings;

// Pool 1-grams ["a", "b"]: an int64 input is refused; a string one counts; Y is float, 1-D for a
// 1-D input.
// spec: TfIdfVectorizer-9: "If pool_strings is set, the input must be a string tensor."
// spec: TfIdfVectorizer-9: "1-D tensor of floats"
TEST_CASE("TfIdfVectorizer-9: pool_strings takes a string input; the output is float") {
  const auto pool = [](OpTester& t) {
    t.attribute("mode", "TF").attribute("min_gram_length", int64_t{1}).attribute("max_gram_length", int64_t{1});
    t.attribute("max_skip_count", int64_t{0}).attribute("ngram_counts", std::vector<int64_t>{0});
    t.attribute("ngram_indexes", std::vector<int64_t>{0, 1}).attribute("pool_strings", std::vector<std::string>{"a", "b"});
  };
  const Tensor y = run("TfIdfVectorizer", 9, {strings({3}, {"b", "a", "b"})}, pool);
  REQUIRE(y.type() == T::Float);
  CHECK(y.shape() == Shape{2});
  CHECK(std::vector<float>(y.data_as<float>(), y.data_as<float>() + 2) == std::vector<float>{1, 2});
  CHECK_THROWS_AS(run("TfIdfVectorizer", 9, {Tensor::from_values<int64_t>(T::Int64, {2}, {0, 1})}, pool), Error);
}

// Without a locale the case mapping is en_US's: "i" upper-cases to "I" (not the Turkish dotted
// capital), and "é" to "É".
// spec: StringNormalizer-10: "Default en_US or platform specific equivalent as decided by the implementation."
TEST_CASE("StringNormalizer-10: the default locale maps case as en_US") {
  const Tensor y = run("StringNormalizer", 10, {strings({2}, {"istanbul", "\xc3\xa9t\xc3\xa9"})},
                       [](OpTester& t) { t.attribute("case_change_action", "UPPER"); });
  CHECK(y.strings() == std::vector<std::string>{"ISTANBUL", "\xc3\x89T\xc3\x89"});
}

// Two-byte characters are one character each: "é" matches "." once, splitting keeps them whole.
// spec: RegexFullMatch-20: "Inputs must be UTF-8 strings"
// spec: StringConcat-20: "Inputs and outputs must be UTF-8 strings"
// spec: StringSplit-20: "The input must be a UTF-8 string tensor"
TEST_CASE("RegexFullMatch, StringConcat, StringSplit (20): UTF-8 strings, a character of several bytes as one") {
  const Tensor m = run("RegexFullMatch", 20, {strings({2}, {"\xc3\xa9", "e\xcc\x81"})}, [](OpTester& t) { t.attribute("pattern", "."); });
  CHECK(std::vector<uint8_t>(m.data_as<uint8_t>(), m.data_as<uint8_t>() + 2) == std::vector<uint8_t>{1, 0});
  CHECK(run("StringConcat", 20, {strings({1}, {"\xc3\xa9"}), strings({1}, {"\xc3\xbc"})}).strings() == std::vector<std::string>{"\xc3\xa9\xc3\xbc"});
  const Tensor s = run("StringSplit", 20, {strings({1}, {"\xc3\xa9\xc3\xa9 \xc3\xbc"})}, {}, 2);
  CHECK(s.strings() == std::vector<std::string>{"\xc3\xa9\xc3\xa9", "\xc3\xbc"});
}

}  // namespace text_spec_tests
