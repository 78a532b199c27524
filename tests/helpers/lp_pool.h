// LpPool and GlobalLpPool: (sum |x|^p)^(1/p) correctly rounded. The oracle evaluates the sum and
// the root in MPFR at 4000 bits (the sums of these small inputs are exact there) and rounds once to
// the format with mpfr_subnormalize (tests/mpfr_oracle.h); hand values for exact cases and ties.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>
#include <mpfr.h>

#include <cmath>
#include <cstring>
#include <random>

#include "mpfr_oracle.h"
#include "node_runner.h"
#include "ops/pool/lp_norm.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

double lp_oracle(const std::vector<double>& xs, unsigned long p, numeric::Format f) {
  mpfr_t s, t;
  mpfr_inits2(4000, s, t, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_zero(s, 1);
  for (double x : xs) {
    mpfr_set_d(t, std::fabs(x), MPFR_RNDN);
    mpfr_pow_ui(t, t, p, MPFR_RNDN);
    mpfr_add(s, s, t, MPFR_RNDN);
  }
  const int inex = mpfr_rootn_ui(t, s, p, MPFR_RNDN);
  const double r = oracle::round_ieee(t, inex, f);
  mpfr_clears(s, t, static_cast<mpfr_ptr>(nullptr));
  return r;
}

Tensor lp_floats(Shape shape, const std::vector<float>& v) {
  return Tensor::from_values<float>(T::Float, std::move(shape), v);
}

std::vector<float> lp_values(const Tensor& t) {
  std::vector<float> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(float));
  return v;
}

}  // namespace
