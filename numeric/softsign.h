#pragma once
// Softsign x / (1 + |x|) correctly rounded (the exact quotient rounded once, nearest, ties to even),
// shared by the Softsign operator and the recurrent operators' Softsign activation.
//  - float, float16, bfloat16: for 2^-28 <= |x| < 2^26, 1 + |x| is exact in double and the one
//    division is rounded to odd there, then once to the element type. Below 2^-28 the result is x
//    (x / (1 + |x|) is within |x|^2 of x, under half a unit of x's last place); from 2^26 on it is
//    ±1 (1 / (1 + |x|) is under half a unit below 1).
//  - double: x itself below 2^-54 and ±1 from 2^54, by the same argument. Between, 1 + |x| may be
//    inexact (d + e, e its TwoSum error), so the candidate q = x / d is moved to the right double
//    by comparing the exact quotient with the midpoints next to it: x - m (d + e), summed exactly
//    from fma product pieces (numeric/exact_sum.h), has the sign of x / (1 + |x|) - m.
// NaN stays NaN; ±inf gives ±1.
#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "numeric/exact_sum.h"
#include "numeric/round_odd.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref::numeric {

// The sign of x - m (d + e) for m = (a + b) / 2, exactly.
inline int softsign_sign_versus_midpoint(double x, double a, double b, double d, double e) {
  ExactSum sum;
  sum.add(x);
  for (const double half : {a / 2, b / 2}) {  // exact: the values here are far above the subnormals
    for (const double f : {d, e}) {
      const double p = half * f;
      sum.add(-p);
      sum.add(-std::fma(half, f, -p));
    }
  }
  return sum.sign();
}

// x / (1 + x) rounded to nearest, for 2^-54 <= x < 2^54 (x positive).
inline double softsign_double(double x) {
  const double d = 1 + x;
  const double e = (1 - (d - x)) + (x - (d - (d - x)));  // TwoSum error of 1 + x
  double y = x / d;
  for (int i = 0; i < 4; ++i) {  // the candidate is within a unit or two; each step moves one
    const double up = std::nextafter(y, INFINITY);
    const int s = softsign_sign_versus_midpoint(x, y, up, d, e);
    if (s > 0 || (s == 0 && (std::bit_cast<uint64_t>(up) & 1) == 0)) {
      y = up;
      continue;
    }
    const double down = std::nextafter(y, 0.0);
    const int t = softsign_sign_versus_midpoint(x, down, y, d, e);
    if (t < 0 || (t == 0 && (std::bit_cast<uint64_t>(down) & 1) == 0)) {
      y = down;
      continue;
    }
    break;
  }
  return y;
}

template <class S>
inline S softsign(S x) {
  const double v = widen(x);
  const double a = std::fabs(v);
  if (v != v) return x;
  constexpr bool is_double = std::is_same_v<S, double>;
  if (a < (is_double ? 0x1p-54 : 0x1p-28)) return x;
  if (a >= (is_double ? 0x1p54 : 0x1p26)) return narrow<S>(std::copysign(1.0, v));
  if constexpr (is_double)
    return std::copysign(softsign_double(a), v);
  else
    return narrow<S>(div_round_odd(v, 1 + a));
}

}  // namespace onnx_ref::numeric
