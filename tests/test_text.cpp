// The text operators: StringConcat, StringSplit, RegexFullMatch, StringNormalizer. Expected values
// are written by hand from the spec's text (and Python's str.split for StringSplit's whitespace).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ops/registry.h"
#include "runtime/error.h"

using namespace onnx_ref;
using T = ElementType;

namespace {

std::vector<Value> run_text_op(const std::string& op, int since, std::vector<std::optional<Value>> inputs,
                               const Attributes& attrs, size_t outputs = 1) {
  const OpVersion* v = Registry::builtin().resolve("", op, since);
  REQUIRE(v);
  REQUIRE(v->since_version == since);
  if (v->check_attributes) v->check_attributes(attrs);
  KernelContext ctx(attrs, inputs, outputs);
  return v->kernel(ctx);
}

Attributes text_defaults(const std::string& op, int since) {
  Attributes a;
  for (const auto& spec : Registry::builtin().resolve("", op, since)->attributes)
    if (spec.default_value) a.set(spec.name, *spec.default_value);
  return a;
}

Tensor strings(Shape shape, std::vector<std::string> v) { return Tensor::from_strings(std::move(shape), std::move(v)); }

}  // namespace

TEST_CASE("StringConcat: element-wise with broadcasting, bytes as they are") {
  const Tensor x = strings({2, 1}, {"a", "\xC3\xA9t\xC3\xA9"});
  const Tensor y = strings({3}, {"", "1", "xyz"});
  const Tensor z = run_text_op("StringConcat", 20, {Value(x), Value(y)}, {})[0].tensor();
  CHECK(z.shape() == Shape{2, 3});
  CHECK(z.strings() == std::vector<std::string>{"a", "a1", "axyz", "\xC3\xA9t\xC3\xA9", "\xC3\xA9t\xC3\xA9" "1",
                                               "\xC3\xA9t\xC3\xA9xyz"});
  const Tensor s = run_text_op("StringConcat", 20, {Value(strings({}, {"p"})), Value(strings({}, {"q"}))}, {})[0].tensor();
  CHECK(s.shape() == Shape{});
  CHECK(s.strings() == std::vector<std::string>{"pq"});
  CHECK_THROWS_AS(run_text_op("StringConcat", 20, {Value(strings({2}, {"a", "b"})), Value(y)}, {}), Error);
}

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
  r = run_text_op("StringSplit", 20, {Value(strings({2}, {"  hello \t world\n", "a\xC2\xA0" "b\xE3\x80\x80" "c"}))}, w, 2);
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
