#pragma once
// An exact rational rounded once to a floating storage type (nearest, ties to even): shared by
// AffineGrid and GridSample, whose results are exact rationals.
#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include <gmpxx.h>
#include <mpfr.h>

#include "runtime/numeric_dispatch.h"

namespace onnx_ref {

// q rounded once to S: to nearest for double; for float, float16 and bfloat16, to odd in double
// first, which the final rounding to nearest turns into the correctly rounded value. A double
// result below 2^-1022 in magnitude may be one ulp off (MPFR rounds at 53 bits, then to the
// subnormal); narrower types are exact there too, their subnormals lie far above.
template <class S>
S round_mpq_once(const mpq_class& q) {
  mpfr_t t;
  mpfr_init2(t, 53);
  double d;
  if constexpr (std::is_same_v<S, double>) {
    mpfr_set_q(t, q.get_mpq_t(), MPFR_RNDN);
    d = mpfr_get_d(t, MPFR_RNDN);
  } else {
    const int inexact = mpfr_set_q(t, q.get_mpq_t(), MPFR_RNDZ);
    d = mpfr_get_d(t, MPFR_RNDZ);
    if (inexact != 0 && (std::bit_cast<uint64_t>(d) & 1) == 0) d = std::nextafter(d, q > 0 ? INFINITY : -INFINITY);
  }
  mpfr_clear(t);
  return narrow<S>(d);
}

}  // namespace onnx_ref
