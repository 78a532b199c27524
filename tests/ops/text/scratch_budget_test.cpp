// String scratch and the characters of a string output are checked against the run's memory
// budget before they are built (issue 30: "string buffers"): a long string broadcast against many
// elements would otherwise fill memory that the output's per-element check never sees.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "helpers/scratch_budget.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

TEST_CASE("StringConcat: the characters of a broadcast output are checked before any is written") {
  // One string of 100000 characters concatenated with 100 empty strings: 10,000,000 characters.
  OpTester t("StringConcat", 20);
  t.input(Value(Tensor::from_strings({1}, {std::string(100000, 'a')})));
  t.input(Value(Tensor::from_strings({100}, std::vector<std::string>(100, ""))));
  check_scratch_refused(error_under_budget(t, 1000000), "StringConcat-20", "StringConcat's characters", 10000000);
  OpTester small("StringConcat", 20);
  small.input(Value(Tensor::from_strings({1}, {"ab"}))).input(Value(Tensor::from_strings({1}, {"c"})));
  CHECK(run_under_budget(small, 1000000).at(0).tensor().strings()[0] == "abc");
}

TEST_CASE("StringSplit: the substrings are charged as each element is split") {
  // "a,a,...": 100001 pieces of one character, each a std::string object.
  std::string s = "a";
  for (int i = 0; i < 100000; ++i) s += ",a";
  OpTester t("StringSplit", 20);
  t.input(Value(Tensor::from_strings({1}, {s})));
  t.attribute("delimiter", ",");
  t.outputs(2);
  const std::string error = error_under_budget(t, 1000000);
  INFO(error);
  CHECK(error.find("StringSplit's substrings needs") != std::string::npos);
  CHECK(error.find("node 'n'") != std::string::npos);
  OpTester small("StringSplit", 20);
  small.input(Value(Tensor::from_strings({1}, {"a,b"}))).attribute("delimiter", ",").outputs(2);
  const auto out = run_under_budget(small, 1000000);
  CHECK(out.at(0).tensor().strings() == std::vector<std::string>{"a", "b"});
}
