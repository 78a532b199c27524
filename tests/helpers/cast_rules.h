// Cast and CastLike, every version: the rules of the ONNX 1.22.0 text run through a model (the
// attributes' defaults, shapes, the numeric conversion rules), each check citing its sentence.
// Expected values by hand.
// The helpers of these cases, shared by the operator test files they moved to.
#pragma once
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace cast_rules_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

const std::vector<int64_t> kCastFrom9 = {9, 13, 19, 21, 23, 24, 25};
const std::vector<int64_t> kCastLike = {15, 19, 21, 23, 24, 25};

Tensor cast(int64_t v, const Tensor& x, T to) {
  OpTester t("Cast", v);
  t.input(Value(x)).attribute("to", static_cast<int64_t>(code_of(to)));
  return t.run_tensor();
}

}  // namespace
}  // namespace cast_rules_tests
