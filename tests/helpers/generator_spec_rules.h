// Constant, ConstantOfShape, EyeLike and Range: the attribute and input rules of the ONNX 1.22.0
// text, each check citing its sentence. Expected values by hand and from the text's examples.
// The helpers of these cases, shared by the operator test files they moved to.
#pragma once
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace generator_spec_rules_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor i64(Shape s, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(T::Int64, std::move(s), v); }

OpTester constant(int64_t v, const std::function<void(OpTester&)>& attrs) {
  OpTester t("Constant", v);
  attrs(t);
  return t;
}

}  // namespace
}  // namespace generator_spec_rules_tests
