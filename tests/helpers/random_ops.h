// The random operators: with a seed every element is the documented function of Philox word i
// (checked against RandomStream and an MPFR evaluation of low + (high - low) u), values stay in the
// distribution's support, runs repeat, and bad attributes or inputs are one-line errors.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include <mpfr.h>
#include "op_tester.h"

#include <cmath>
#include <vector>

#include "mpfr_oracle.h"
#include "numeric/random.h"
#include "ops/registry.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

using namespace onnx_ref;
using T = ElementType;

namespace {

std::vector<Value> run_random_op(const std::string& op, int since, std::vector<std::optional<Value>> inputs,
                                 const Attributes& attrs, RunContext* run = nullptr) {
  // A run context shared by several calls (its streams differ per call) needs the kernel itself.
  REQUIRE(Registry::builtin().resolve("", op, since) != nullptr);
  REQUIRE(Registry::builtin().resolve("", op, since)->since_version == since);
  if (!run) return testing::run_node_rule(op, since, inputs, attrs);
  const OpVersion* v = Registry::builtin().resolve("", op, since);
  REQUIRE(v);
  REQUIRE(v->since_version == since);
  if (v->check_attributes) v->check_attributes(attrs);
  KernelContext ctx(attrs, inputs, 1, run);
  return v->kernel(ctx);
}

Attributes random_defaults(const std::string& op, int since) {
  Attributes a;
  for (const auto& spec : Registry::builtin().resolve("", op, since)->attributes)
    if (spec.default_value) a.set(spec.name, *spec.default_value);
  return a;
}

std::vector<double> random_values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.element_count(); ++i) v.push_back(read_real(t.type(), t.data(), i));
  return v;
}

}  // namespace
