// Resize's coordinate and weight rules (ops/resample/resize_rules.h) against hand-computed values,
// and the Resize/Upsample kernels against an exact rational oracle (GMP): expected weights are
// worked out by hand or as exact fractions, sums of products are exact, and the one rounding is
// done by MPFR.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>

#include "op_tester.h"

#include <cmath>
#include <cstring>
#include <random>

#include <gmpxx.h>
#include <mpfr.h>

#include "model_builder.h"
#include "ops/resample/resize_rules.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::resample;
using namespace onnx_ref::testing;

namespace {

AxisResample sized_axis(int64_t in, int64_t out) { return {in, out, Scale::of_ratio(out, in)}; }
AxisResample scaled_axis(int64_t in, float s) { return {in, scaled_length(in, s, 0), Scale::of_float(s)}; }

std::vector<std::pair<int64_t, double>> taps_of(const OutputTaps& t) {
  std::vector<std::pair<int64_t, double>> v;
  for (const auto& tap : t.taps) v.emplace_back(tap.index, tap.weight);
  return v;
}

int64_t nearest(const AxisResample& a, CoordinateMode c, NearestMode n, int64_t x) {
  ResampleOptions o;
  o.coordinate = c;
  o.nearest = n;
  const auto t = axis_taps(a, o)[static_cast<size_t>(x)];
  REQUIRE(t.taps.size() == 1);
  CHECK(t.taps[0].weight == 1.0);
  return t.taps[0].index;
}

}  // namespace

namespace {

Tensor float_tensor(std::vector<int64_t> shape, const std::vector<float>& v) {
  return Tensor::from_values<float>(ElementType::Float, std::move(shape), v);
}

// Runs one Resize node; inputs named "" are left out.
Tensor run_resize(int64_t opset, const Tensor& x, const std::vector<std::pair<std::string, Tensor>>& extra,
                  const std::vector<std::pair<std::string, std::string>>& strings, const std::string& op = "Resize") {
  testing::OpTester t(op, opset);
  t.input(Value(x));
  for (const auto& [name, v] : extra) t.input(name.empty() ? std::nullopt : std::optional<Value>(v));
  for (const auto& [k, v] : strings) t.attribute(k, v);
  return t.run_tensor();
}

float round_to_float(const mpq_class& q) {
  mpfr_t t;
  mpfr_init2(t, 24);
  mpfr_set_q(t, q.get_mpq_t(), MPFR_RNDN);
  const float f = mpfr_get_flt(t, MPFR_RNDN);
  mpfr_clear(t);
  return f;
}

}  // namespace
