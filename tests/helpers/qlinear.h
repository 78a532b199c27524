// QLinearMatMul and QLinearConv, and their exact requantization. Expected values come from GMP
// rationals (mpq: acc * s1 * s2 / s3 taken exactly, rounded half to even by integer division) and
// integer loops written apart from the kernels.
// Shared by the test files the cases of this group moved into.
#pragma once
#include <doctest/doctest.h>
#include <gmp.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include "node_runner.h"
#include "ops/quant/requantize.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

// round(acc * s1 * s2 / s3) half to even, + zp, clamped: in GMP rationals.
int64_t qlinear_oracle(int64_t acc, double s1, double s2, double s3, int64_t zp, int64_t lo, int64_t hi) {
  mpq_t v, t;
  mpq_inits(v, t, nullptr);
  mpq_set_si(v, static_cast<long>(acc), 1);
  mpq_set_d(t, s1);
  mpq_mul(v, v, t);
  mpq_set_d(t, s2);
  mpq_mul(v, v, t);
  mpq_set_d(t, s3);
  mpq_div(v, v, t);
  mpz_t q, r, twice;
  mpz_inits(q, r, twice, nullptr);
  mpz_fdiv_qr(q, r, mpq_numref(v), mpq_denref(v));  // v = q + r / den, 0 <= r < den
  mpz_mul_2exp(twice, r, 1);
  const int c = mpz_cmp(twice, mpq_denref(v));
  if (c > 0 || (c == 0 && mpz_odd_p(q))) mpz_add_ui(q, q, 1);
  // Clamp in GMP first: q may be far beyond int64.
  int64_t y = 0;
  if (mpz_cmp_si(q, -(1L << 40)) < 0) y = -(int64_t{1} << 40);
  else if (mpz_cmp_si(q, 1L << 40) > 0) y = int64_t{1} << 40;
  else y = mpz_get_si(q);
  mpz_clears(q, r, twice, nullptr);
  mpq_clears(v, t, nullptr);
  return std::clamp<int64_t>(y + zp, lo, hi);
}

Tensor qlinear_run(const std::string& op, int64_t opset, const std::vector<std::optional<Tensor>>& inputs,
                  const std::vector<std::pair<std::string, std::vector<int64_t>>>& ints = {}) {
  return run_single_node(op, opset, inputs, [&](onnx::NodeProto& node) {
    for (const auto& a : ints) set_ints(node, a.first, a.second);
  });
}

template <class V>
std::vector<V> qlinear_values(const Tensor& t) {
  std::vector<V> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(V));
  return v;
}

Tensor qlinear_scalar(float v) { return Tensor::from_values<float>(T::Float, {}, {v}); }

}  // namespace
