// MeanVarianceNormalization, GroupNormalization, RMSNormalization and LRN: statistics that are
// exact for the chosen inputs (so the expected values follow from the contract's named rounding
// points, computed here step by step in IEEE double, with MPFR for LRN's power), layouts, versions
// and bad input.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include <mpfr.h>
#include "op_tester.h"

#include <cmath>
#include <vector>

#include "ops/registry.h"
#include "runtime/error.h"

using namespace onnx_ref;

namespace {

std::vector<Value> norm_run(const std::string& op, int opset, std::vector<std::optional<Value>> inputs,
                            Attributes attrs = {}) {
  REQUIRE(Registry::builtin().resolve("", op, opset) != nullptr);
  return testing::run_node_rule(op, opset, inputs, attrs);
}
Value norm_doubles(Shape s, std::vector<double> v) {
  return Value(Tensor::from_values<double>(ElementType::Double, std::move(s), v));
}
std::vector<double> norm_values(const Value& v) {
  const Tensor& t = v.tensor();
  return std::vector<double>(t.data_as<double>(), t.data_as<double>() + t.element_count());
}
// base^beta rounded once to double (MPFR, 200 bits then 53).
double mpfr_power(double base, double beta) {
  mpfr_t b, e, r;
  mpfr_inits2(200, b, e, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(b, base, MPFR_RNDN);
  mpfr_set_d(e, beta, MPFR_RNDN);
  mpfr_pow(r, b, e, MPFR_RNDN);
  const double out = mpfr_get_d(r, MPFR_RNDN);
  mpfr_clears(b, e, r, static_cast<mpfr_ptr>(nullptr));
  return out;
}

}  // namespace
