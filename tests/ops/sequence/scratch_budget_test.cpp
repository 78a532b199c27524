// SplitToSequence of an empty tensor with a long axis: a tiny input splits into as many pieces as
// the axis is long, so the pieces' lengths and Tensor objects are charged to the run's memory
// budget before either list is built (issue 30: sequences go through the run budget).
#include <doctest/doctest.h>

#include <vector>

#include "helpers/scratch_budget.h"
#include "runtime/tensor.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;

namespace {

OpTester split_empty(int64_t length) {
  OpTester t("SplitToSequence", 11);
  t.input(Value(Tensor::zeros(ElementType::Float, {length, 0})));  // no element at all
  return t;
}

}  // namespace

TEST_CASE("SplitToSequence: 10^6 pieces of an empty input are refused before they are listed") {
  constexpr int64_t n = 1000000;
  check_scratch_refused(error_under_budget(split_empty(n), 1000000), "SplitToSequence-11", "SplitToSequence's pieces",
                        n * (sizeof(int64_t) + sizeof(Tensor)));
  // SplitToSequence-11: "If 'split' is not specified, 'input' is split into equally sized chunks of
  // size 1": three pieces of shape [1, 0] (keepdims defaults to 1).
  const Value seq = run_under_budget(split_empty(3), 1000000).at(0);
  REQUIRE(seq.items().size() == 3);
  CHECK(seq.items()[2].shape() == Shape{1, 0});
}
