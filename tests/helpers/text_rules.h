// StringNormalizer, StringSplit, StringConcat, RegexFullMatch and TfIdfVectorizer: the rules of the
// ONNX 1.22.0 text, each check citing its sentence. Expected values by hand.
// The helpers of these cases, shared by the operator test files they moved to.
#pragma once
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace text_rules_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor strings(Shape s, std::vector<std::string> v) { return Tensor::from_strings(std::move(s), std::move(v)); }
Tensor run(const char* op, int64_t v, std::vector<Tensor> inputs, const std::function<void(OpTester&)>& attrs = {},
           size_t outputs = 1) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(Value(std::move(i)));
  if (attrs) attrs(t);
  t.outputs(outputs);
  return t.run().at(0).tensor();
}

}  // namespace
}  // namespace text_rules_tests

namespace text_spec_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;
using text_rules_tests::run;
using text_rules_tests::strings;

}  // namespace
}  // namespace text_spec_tests
