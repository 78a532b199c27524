// Unit tests of ops/text/string_split.cpp.
#include "helpers/text.h"

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
