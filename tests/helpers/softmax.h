// Softmax, LogSoftmax, Hardmax and ReduceL2: correct rounding proved against MPFR at 2000 bits (the textbook
// formulas, rounded once by tests/mpfr_oracle.h's round_ieee), layouts of every version, special
// values.
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
#include "ops/softmax/softmax_family.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"
#include "runtime/numeric_dispatch.h"

using namespace onnx_ref;

namespace {

std::vector<Value> run(const std::string& op, int opset, const Tensor& x, std::optional<int64_t> axis = {}) {
  REQUIRE(Registry::builtin().resolve("", op, opset) != nullptr);
  Attributes attrs;
  if (axis) attrs.set("axis", *axis);
  return testing::run_node_rule(op, opset, {Value(x)}, attrs);
}

// The oracle: e^(x_i) / sum_j e^(x_j) or x_i - log(sum_j e^(x_j)) at 2000 bits (enough
// to resolve x_i - log(sum) next to a term e^-600, the smallest these lines hold), rounded once.
double oracle_softmax(const std::vector<double>& x, size_t i, bool logarithm, numeric::Format format) {
  mpfr_t s, t, r;
  mpfr_inits2(2000, s, t, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_zero(s, 1);
  for (double v : x) {
    mpfr_set_d(t, v, MPFR_RNDN);
    mpfr_exp(t, t, MPFR_RNDN);
    mpfr_add(s, s, t, MPFR_RNDN);
  }
  if (logarithm) {
    mpfr_log(s, s, MPFR_RNDN);
    mpfr_set_d(r, x[i], MPFR_RNDN);
    mpfr_sub(r, r, s, MPFR_RNDN);
  } else {
    mpfr_set_d(r, x[i], MPFR_RNDN);
    mpfr_exp(r, r, MPFR_RNDN);
    mpfr_div(r, r, s, MPFR_RNDN);
  }
  const double out = oracle::round_ieee(r, 1, format);
  mpfr_clears(s, t, r, static_cast<mpfr_ptr>(nullptr));
  return out;
}

template <class S>
std::vector<double> outputs(const Tensor& t) {
  std::vector<double> v;
  const S* p = t.data_as<S>();
  for (int64_t i = 0; i < t.element_count(); ++i) v.push_back(widen(p[i]));
  return v;
}

template <class S>
void check_lines(ElementType type, numeric::Format format, int lines, double scale, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> dist(-scale, scale);
  for (int line = 0; line < lines; ++line) {
    const int64_t n = 1 + static_cast<int64_t>(rng() % 12);
    std::vector<S> x;
    std::vector<double> exact;
    for (int64_t i = 0; i < n; ++i) {
      x.push_back(narrow<S>(dist(rng)));
      exact.push_back(widen(x.back()));
    }
    if (n > 2 && rng() % 4 == 0) x[1] = x[0], exact[1] = exact[0];  // tied maxima sometimes
    const Tensor t = Tensor::from_values<S>(type, {n}, x);
    for (bool logarithm : {false, true}) {
      const std::vector<double> got = outputs<S>(run(logarithm ? "LogSoftmax" : "Softmax", 13, t)[0].tensor());
      for (size_t i = 0; i < got.size(); ++i) {
        const double want = oracle_softmax(exact, i, logarithm, format);
        INFO("line ", line, " element ", i, " log ", logarithm, " got ", got[i], " want ", want, " x ", exact[i], " n ",
             n);
        CHECK(oracle::same_result(got[i], want));
      }
    }
  }
}

}  // namespace

// The double estimate's bound itself (ops/softmax/softmax_lines.cpp): every estimate v_i of a
// normal value is within delta |v_i| of the exact value, computed in MPFR at 400 bits, on long
// lines, lines whose differences x_j - m double must round (exponents far apart), and lines
// whose terms fall below double's range.
