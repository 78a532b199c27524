// Unit tests of ops/reduce/arg_max.cpp.
#include <doctest/doctest.h>
#include "helpers/reduce_common_rules.h"
#include "helpers/reductions.h"
#include "runtime/error.h"

// spec: ArgMax-13: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: ArgMin-12: "If select_last_index is True (default False), the index of the last occurrence of the min is selected if the min appears more than once in the input."
// spec: ArgMax-12: "If select_last_index is True (default False), the index of the last occurrence of the max is selected if the max appears more than once in the input."
TEST_CASE("ArgMax, ArgMin: ties, select_last_index, NaN, axes, empty axis") {
  const Tensor x = floats({2, 4}, {1, 5, 5, 0, 2, 2, -0.0f, 0.0f});
  Attributes a;
  a.set("axis", int64_t{1});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMax", 13, {Value(x)}, a))) == std::vector<int64_t>{1, 0});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMin", 13, {Value(x)}, a))) == std::vector<int64_t>{3, 2});
  CHECK(tensor_of(run("ArgMax", 13, {Value(x)}, a)).shape() == Shape{2, 1});
  a.set("select_last_index", int64_t{1});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMax", 12, {Value(x)}, a))) == std::vector<int64_t>{2, 1});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMin", 12, {Value(x)}, a))) == std::vector<int64_t>{3, 3});  // -0 == +0
  Attributes b;
  b.set("axis", int64_t{-2});
  b.set("keepdims", int64_t{0});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMax", 11, {Value(x)}, b))) ==
        std::vector<int64_t>{1, 0, 0, 0});  // the last column ties
  CHECK(tensor_of(run("ArgMax", 11, {Value(x)}, b)).shape() == Shape{4});
  // NaN is the extreme for both, the first one (the last with select_last_index).
  const Tensor n = floats({4}, {1, NAN, 3, NAN});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMax", 13, {Value(n)}))) == std::vector<int64_t>{1});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMin", 13, {Value(n)}))) == std::vector<int64_t>{1});
  Attributes last;
  last.set("select_last_index", int64_t{1});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMin", 13, {Value(n)}, last))) == std::vector<int64_t>{3});
  // int64 beyond 2^53 compared exactly.
  const int64_t p = (int64_t{1} << 60);
  CHECK(values_of<int64_t>(tensor_of(run(
            "ArgMax", 13, {Value(tensor<int64_t>(ElementType::Int64, {2}, {p, p + 1}))}))) == std::vector<int64_t>{1});
  // Bad input: an axis out of range, an axis of size 0, a bad flag; ArgMax-11 has no select_last_index.
  Attributes far;
  far.set("axis", int64_t{2});
  CHECK_THROWS_WITH_AS(run("ArgMax", 13, {Value(x)}, far), "axis = 2 is out of range for rank 2 (valid: -2 to 1)",
                       Error);
  Attributes zero;
  zero.set("axis", int64_t{1});
  CHECK_THROWS_WITH_AS(run("ArgMin", 13, {Value(floats({2, 0}, {}))}, zero),
                       "axis 1 has size 0: an empty set of values has no smallest element", Error);
  CHECK(tensor_of(run("ArgMin", 13, {Value(floats({0, 3}, {}))}, zero)).shape() == Shape{0, 1});
  CHECK_THROWS_AS(run("ArgMax", 13, {Value(x)},
                      [] {
                        Attributes s;
                        s.set("select_last_index", int64_t{-1});
                        return s;
                      }()),
                  Error);
  CHECK(Registry::builtin().resolve("", "ArgMax", 11)->attribute("select_last_index") == nullptr);
}

// The rules of the ONNX 1.22.0 text, each test citing its sentence.
// spec: ArgMax-11: "The input tensor must not be empty."
TEST_CASE("ArgMax-11: an empty input is refused; 12 and 13 give the empty result") {
  const Tensor empty = Tensor::zeros(ElementType::Float, {0, 3});
  const auto arg_max_axis1 = [](int opset, const Tensor& x) {
    return testing::OpTester("ArgMax", opset).input(Value(x)).attribute("axis", int64_t{1});
  };
  CHECK_THROWS_WITH_AS(arg_max_axis1(11, empty).run_tensor(), doctest::Contains("must not be"), Error);
  for (int opset : {12, 13}) CHECK(arg_max_axis1(opset, empty).run_tensor().shape() == Shape{0, 1});
  CHECK(arg_max_axis1(11, Tensor::from_values<float>(ElementType::Float, {1, 2}, {1, 2})).run_tensor().shape() ==
        Shape{1, 1});
}

namespace reduce_common_rules_tests {

// spec: ArgMax-*: "Keep the reduced dimension or not, default 1 means keep reduced dimension."
// spec: ArgMin-*: "Keep the reduced dimension or not, default 1 means keep reduced dimension."
// spec: ArgMax-*: "The resulting tensor has the same rank as the input if keepdims equals 1."
// spec: ArgMin-*: "The resulting tensor has the same rank as the input if keepdims equals 1."
// spec: ArgMax-11,12,13: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: ArgMin-11,12,13: "Accepted range is [-r, r-1] where r = rank(data)."
TEST_CASE("ArgMax, ArgMin, every version: keepdims defaults to 1; axis in [-r, r-1] from version 11") {
  const Tensor x = floats({2, 3}, {1, 7, 3, 9, 5, 6});
  for (const char* name : {"ArgMax", "ArgMin"})
    for (int64_t v : {1, 11, 12, 13}) {
      INFO(name, "-", v);
      OpTester kept(name, v);
      kept.input(Value(x)).attribute("axis", int64_t{1});
      const Tensor y = kept.run_tensor();
      REQUIRE(y.shape() == Shape{2, 1});
      CHECK(y.data_as<int64_t>()[0] == (std::string(name) == "ArgMax" ? 1 : 0));
      CHECK(y.data_as<int64_t>()[1] == (std::string(name) == "ArgMax" ? 0 : 1));
      OpTester pruned(name, v);
      pruned.input(Value(x)).attribute("axis", int64_t{1}).attribute("keepdims", int64_t{0});
      CHECK(pruned.run_tensor().shape() == Shape{2});
      if (v < 11) continue;
      OpTester negative(name, v);
      negative.input(Value(x)).attribute("axis", int64_t{-2});
      CHECK(negative.run_tensor().shape() == Shape{1, 3});
      OpTester far(name, v);
      far.input(Value(x)).attribute("axis", int64_t{2});
      CHECK_THROWS_AS(far.run(), Error);
      OpTester below(name, v);
      below.input(Value(x)).attribute("axis", int64_t{-3});
      CHECK_THROWS_AS(below.run(), Error);
    }
}

// spec: ArgMax-12,13: "Whether to select the last index or the first index if the {name} appears in multiple indices, default is False (first index)."
// spec: ArgMin-12,13: "Whether to select the last index or the first index if the {name} appears in multiple indices, default is False (first index)."
// spec: ArgMax-13: "If select_last_index is True (default False), the index of the last occurrence of the max is selected"
// spec: ArgMin-13: "If select_last_index is True (default False), the index of the last occurrence of the min is selected"
TEST_CASE("ArgMax-12/13, ArgMin-12/13: ties give the first index by default, the last with select_last_index = 1") {
  const Tensor x = floats({4}, {2, 9, 2, 9});
  for (int64_t v : {12, 13}) {
    INFO("version ", v);
    OpTester max_first("ArgMax", v), min_first("ArgMin", v), max_last("ArgMax", v), min_last("ArgMin", v);
    max_first.input(Value(x));
    min_first.input(Value(x));
    max_last.input(Value(x)).attribute("select_last_index", int64_t{1});
    min_last.input(Value(x)).attribute("select_last_index", int64_t{1});
    CHECK(max_first.run_tensor().data_as<int64_t>()[0] == 1);
    CHECK(min_first.run_tensor().data_as<int64_t>()[0] == 0);
    CHECK(max_last.run_tensor().data_as<int64_t>()[0] == 3);
    CHECK(min_last.run_tensor().data_as<int64_t>()[0] == 2);
  }
}

}  // namespace reduce_common_rules_tests
