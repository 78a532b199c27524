// BatchNormalization, InstanceNormalization, LayerNormalization: the contract of
// ops/normalization/normalization.h (exact statistics rounded once to double, each step of the
// formula rounded to double) checked against an MPFR oracle that evaluates the same named points
// independently (sums at 4000 bits, exact for these inputs; each step at 53 bits), plus hand
// computations, the cancellation E[x^2] - E[x]^2 suffers, every mode and the bad inputs.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <mpfr.h>

#include <cmath>
#include <limits>
#include <random>

#include "mpfr_oracle.h"
#include "ops/registry.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

using namespace onnx_ref;

namespace {

using AttrList = std::vector<std::pair<std::string, AttrValue>>;

std::vector<Value> run_norm(const std::string& op, int opset, const std::vector<std::optional<Tensor>>& in,
                            const AttrList& attrs = {}, size_t outputs = 1) {
  REQUIRE(Registry::builtin().resolve("", op, opset) != nullptr);
  Attributes a;
  for (const auto& [name, value] : attrs) a.set(name, value);
  std::vector<std::optional<Value>> inputs;
  for (const auto& t : in) inputs.push_back(t ? std::optional<Value>(Value(*t)) : std::nullopt);
  return testing::run_node_rule(op, opset, inputs, a, outputs);
}

Tensor floats(const Shape& shape, std::vector<float> v) {
  return Tensor::from_values<float>(ElementType::Float, shape, v);
}

std::vector<double> as_doubles(const Value& v) {
  const Tensor& t = v.tensor();
  std::vector<double> out;
  dispatch_real(t.type(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (is_float_storage<S>) {
      for (int64_t i = 0; i < t.element_count(); ++i) out.push_back(widen(t.data_as<S>()[i]));
    }
  });
  return out;
}

// The oracle of the contract, in MPFR: mean and variance from exact sums (4000 bits hold any sum
// of these float inputs exactly) rounded once to 53 bits; then each step at 53 bits, nearest.
struct OracleStats {
  double mean, variance;
};
OracleStats oracle_stats(const std::vector<double>& x) {
  mpfr_t s, t, m;
  mpfr_inits2(4000, s, t, static_cast<mpfr_ptr>(nullptr));
  mpfr_init2(m, 53);
  mpfr_set_zero(s, 1);
  for (double v : x) mpfr_add_d(s, s, v, MPFR_RNDN);
  mpfr_div_ui(m, s, x.size(), MPFR_RNDN);  // one rounding, to 53 bits
  const double mean = mpfr_get_d(m, MPFR_RNDN);
  mpfr_set_zero(s, 1);
  for (double v : x) {
    mpfr_set_d(t, v, MPFR_RNDN);
    mpfr_sub_d(t, t, mean, MPFR_RNDN);
    mpfr_sqr(t, t, MPFR_RNDN);
    mpfr_add(s, s, t, MPFR_RNDN);
  }
  mpfr_div_ui(m, s, x.size(), MPFR_RNDN);
  const double variance = mpfr_get_d(m, MPFR_RNDN);
  mpfr_clears(s, t, m, static_cast<mpfr_ptr>(nullptr));
  return {mean, variance};
}

// (x - mean) / sqrt(variance + eps) * scale + bias, each step at 53 bits, then to float.
double oracle_normalize(double x, OracleStats st, float eps, double scale, double bias) {
  mpfr_t a, d;
  mpfr_inits2(53, a, d, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(d, st.variance, MPFR_RNDN);
  mpfr_add_d(d, d, eps, MPFR_RNDN);
  mpfr_sqrt(d, d, MPFR_RNDN);
  mpfr_set_d(a, x, MPFR_RNDN);
  mpfr_sub_d(a, a, st.mean, MPFR_RNDN);
  mpfr_div(a, a, d, MPFR_RNDN);
  mpfr_mul_d(a, a, scale, MPFR_RNDN);
  const int inex = mpfr_add_d(a, a, bias, MPFR_RNDN);
  const double out = oracle::round_ieee(a, inex, numeric::Format::Float);
  mpfr_clears(a, d, static_cast<mpfr_ptr>(nullptr));
  return out;
}

}  // namespace
