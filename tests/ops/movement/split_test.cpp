// Split-18: split sizes or num_outputs, not both; the axis range. Expected shapes by hand.
#include <doctest/doctest.h>

#include "helpers/movement_rules.h"
#include "model_builder.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

std::vector<Shape> split_shapes(const std::optional<std::vector<int64_t>>& sizes, std::optional<int64_t> num_outputs,
                                int64_t axis) {
  ModelBuilder b(18);
  b.input("x", T::Float, {4, 6}).output("a").output("b");
  std::vector<std::string> inputs{"x"};
  if (sizes) {
    b.initializer("split", int64_tensor(*sizes));
    inputs.push_back("split");
  }
  auto& n = b.node("Split", inputs, {"a", "b"});
  set_int(n, "axis", axis);
  if (num_outputs) set_int(n, "num_outputs", *num_outputs);
  const auto out = b.build().run({{"x", Tensor::zeros(T::Float, {4, 6})}});
  return {out[0].second.tensor().shape(), out[1].second.tensor().shape()};
}

}  // namespace

// spec: Split-18: "Either input 'split' or the attribute 'num_outputs' should be specified, but not both."
// spec: Split-18: "Accepted range is [-rank, rank-1] where r = rank(input)."
TEST_CASE("Split-18: split and num_outputs together are refused; either alone splits; the axis is in [-rank, rank-1]") {
  CHECK(split_shapes(std::vector<int64_t>{2, 4}, std::nullopt, 1) == std::vector<Shape>{{4, 2}, {4, 4}});
  CHECK(split_shapes(std::nullopt, 2, -1) == std::vector<Shape>{{4, 3}, {4, 3}});
  CHECK(split_shapes(std::nullopt, 2, -2) == std::vector<Shape>{{2, 6}, {2, 6}});
  CHECK_THROWS_AS(split_shapes(std::vector<int64_t>{3, 3}, 2, 1), Error);
  CHECK_THROWS_AS(split_shapes(std::nullopt, 2, 2), Error);
  CHECK_THROWS_AS(split_shapes(std::nullopt, 2, -3), Error);
}

namespace movement_rules_tests {

// spec: Split-11,13: "Accepted range is [-rank, rank-1] where r = rank(input)."
// spec: Split-11: "Values should be >= 0."
TEST_CASE("Split-11 and -13: axis in [-rank, rank-1]; Split-11's split lengths are not negative") {
  const Tensor x = f32({2, 2}, {1, 2, 3, 4});
  for (int64_t v : {11, 13}) {
    INFO("Split-", v);
    OpTester t("Split", v);
    t.input(Value(x)).attribute("axis", int64_t{-1}).outputs(2);
    const auto out = t.run();
    CHECK(floats(out[0].tensor()) == std::vector<float>{1, 3});
    OpTester far("Split", v);
    far.input(Value(x)).attribute("axis", int64_t{2}).outputs(2);
    CHECK_THROWS_AS(far.run(), Error);
  }
  OpTester negative("Split", 11);
  negative.input(Value(x)).attribute("split", std::vector<int64_t>{3, -1}).outputs(2);
  CHECK_THROWS_AS(negative.run(), Error);
}

}  // namespace movement_rules_tests
