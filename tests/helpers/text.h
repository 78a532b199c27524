// The text operators: StringConcat, StringSplit, RegexFullMatch, StringNormalizer. Expected values
// are written by hand from the spec's text (and Python's str.split for StringSplit's whitespace).
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <string>
#include <vector>

#include "ops/registry.h"
#include "runtime/error.h"

using namespace onnx_ref;
using T = ElementType;

namespace {

std::vector<Value> run_text_op(const std::string& op, int since, std::vector<std::optional<Value>> inputs,
                               const Attributes& attrs, size_t outputs = 1) {
  REQUIRE(Registry::builtin().resolve("", op, since) != nullptr);
  REQUIRE(Registry::builtin().resolve("", op, since)->since_version == since);
  return testing::run_node_rule(op, since, inputs, attrs, outputs);
}

Attributes text_defaults(const std::string& op, int since) {
  Attributes a;
  for (const auto& spec : Registry::builtin().resolve("", op, since)->attributes)
    if (spec.default_value) a.set(spec.name, *spec.default_value);
  return a;
}

Tensor strings(Shape shape, std::vector<std::string> v) { return Tensor::from_strings(std::move(shape), std::move(v)); }

}  // namespace
