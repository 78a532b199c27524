#pragma once
// The requantization of QLinearConv and QLinearMatMul in GMP rationals, written apart from
// ops/quant/requantize.cpp: saturate(round(acc * s1 * s2 / s3) + zp), the real value taken exactly
// from the double scales and rounded half to even by integer division.
#include <gmp.h>

#include <algorithm>
#include <cstdint>

namespace onnx_ref::testing {

inline int64_t requantize_oracle(int64_t acc, double s1, double s2, double s3, int64_t zp, int64_t lo, int64_t hi) {
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
  int64_t y = 0;  // clamped in GMP first: q may be far beyond int64
  if (mpz_cmp_si(q, -(1L << 40)) < 0)
    y = -(int64_t{1} << 40);
  else if (mpz_cmp_si(q, 1L << 40) > 0)
    y = int64_t{1} << 40;
  else
    y = mpz_get_si(q);
  mpz_clears(q, r, twice, nullptr);
  mpq_clears(v, t, nullptr);
  return std::clamp<int64_t>(y + zp, lo, hi);
}

}  // namespace onnx_ref::testing
