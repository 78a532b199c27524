#pragma once
// HannWindow, HammingWindow and BlackmanWindow (17) are one generalized cosine window each:
//   w[n] = (p0 - p1 cos(2 pi n / N) + p2 cos(4 pi n / N)) / d,   n = 0 .. size - 1,
// N = size when periodic (the first size points of a window of size + 1), size - 1 when symmetric.
// The coefficients are those of ONNX's function bodies and reference, taken as the exact
// rationals they stand for: Hann 1/2, 1/2, 0; Hamming 25/46, 21/46, 0 (the bodies' 0.54347826087
// and 0.45652173913 are 25/46 and 21/46 to 11 digits); Blackman 0.42, 0.5, 0.08.
//
// Contract: correctly rounded. Each float output is the exact w[n] rounded once to the output
// type (nearest, ties to even). An integer output is the exact value truncated toward zero, as
// the bodies' final Cast does: 1 where w[n] = 1 (2n = N for all three windows), 0 elsewhere, since
// every w[n] lies in [0, 1].
// How: a double estimate with an absolute error bound decides float, float16 and bfloat16 when
// both ends of the bound round alike; otherwise (and always for double) MPFR evaluates the
// expression in interval arithmetic (mpfr_cosu rounded down and up) at rising precision until
// both ends round alike. Cosines of rational multiples of pi that are rational (0, ±1/2, ±1:
// Niven's theorem) are taken exactly, so an exact w[n] is a point and the loop always ends.
//
// size must be at least 1 (ONNX's shape inference refuses less); a symmetric window of size 1 would
// divide by N = 0 and is refused (the function body gives NaN there).
#include <cstdint>

#include "numeric/elementary.h"
#include "ops/registry.h"

namespace onnx_ref {

struct CosineWindowCoefficients {
  const char* op_type;
  int64_t p0, p1, p2, d;
};

inline constexpr CosineWindowCoefficients kHannCoefficients{"HannWindow", 1, 1, 0, 2};
inline constexpr CosineWindowCoefficients kHammingCoefficients{"HammingWindow", 25, 21, 0, 46};
inline constexpr CosineWindowCoefficients kBlackmanCoefficients{"BlackmanWindow", 21, 25, 4, 50};

// w[n] of period N (0 <= n <= N, N >= 1) correctly rounded to `format`, as the double holding it.
double cosine_window_value(const CosineWindowCoefficients& c, uint64_t n, uint64_t period, numeric::Format format);

// The version-17 operator of one window.
OpVersion cosine_window_version(const CosineWindowCoefficients& c);

}  // namespace onnx_ref
