#pragma once
// Deciding a correctly rounded result from a double estimate and an error bound: when the exact
// value lies within E of t and every value of [t - E, t + E] rounds to the same value of S (float,
// float16 or bfloat16), that value is the correctly rounded result, since rounding is monotone.
// Callers fall back to an exact computation when it is undecided. Used by the checked GEMM engine
// (gemm/dot.cpp) and the resampling kernels.
#include <cmath>
#include <cstring>

#include "numeric/elementary.h"  // same_bits
#include "runtime/numeric_dispatch.h"

namespace onnx_ref::numeric {

// The exact value lies within E of t (both doubles): true and `out` the rounded value when the
// whole interval rounds to one value of S. The interval ends are widened so that computing them in
// double cannot pull them inward.
template <class S>
bool decide_small(double t, double E, S& out) {
  if (!std::isfinite(t) || !std::isfinite(E)) return false;
  if (E == 0) {  // t is the exact value
    out = narrow<S>(t);
    return true;
  }
  const double e = E * (1 + 0x1p-50) + std::fabs(t) * 0x1p-52 + 0x1p-1074;
  const S lo = narrow<S>(t - e), hi = narrow<S>(t + e);
  if (!same_bits(lo, hi)) return false;
  out = lo;
  return true;
}

}  // namespace onnx_ref::numeric
