// Unit tests of ops/text/string_concat.cpp.
#include "helpers/text.h"

TEST_CASE("StringConcat: element-wise with broadcasting, bytes as they are") {
  const Tensor x = strings({2, 1}, {"a", "\xC3\xA9t\xC3\xA9"});
  const Tensor y = strings({3}, {"", "1", "xyz"});
  const Tensor z = run_text_op("StringConcat", 20, {Value(x), Value(y)}, {})[0].tensor();
  CHECK(z.shape() == Shape{2, 3});
  CHECK(z.strings() == std::vector<std::string>{"a", "a1", "axyz", "\xC3\xA9t\xC3\xA9",
                                                "\xC3\xA9t\xC3\xA9"
                                                "1",
                                                "\xC3\xA9t\xC3\xA9xyz"});
  const Tensor s =
      run_text_op("StringConcat", 20, {Value(strings({}, {"p"})), Value(strings({}, {"q"}))}, {})[0].tensor();
  CHECK(s.shape() == Shape{});
  CHECK(s.strings() == std::vector<std::string>{"pq"});
  CHECK_THROWS_AS(run_text_op("StringConcat", 20, {Value(strings({2}, {"a", "b"})), Value(y)}, {}), Error);
}
