#pragma once
// The element rule of Max and Min (ops/math/max.cpp, min.cpp): one of the two operands, chosen the
// same way in both but for the order. NaN propagates: if any operand is NaN the result is NaN (the
// first NaN met, left to right). Signed zeros: +0 is taken as greater than -0, so
// Max(-0, +0) = +0 and Min(-0, +0) = -0.
#include <cmath>

#include "ops/math/elementwise.h"

namespace onnx_ref::math {

// kMax: the larger operand (Max); otherwise the smaller (Min).
template <bool kMax>
struct ExtremumFn {
  using Result = void;
  template <class S>
  static constexpr bool supports = is_float_storage<S> || is_int_storage<S>;
  template <class S>
  static S apply(S x, S y) {
    if constexpr (std::is_floating_point_v<S>) {
      // The rules above as one select without branches (the loop vectorizes): y when it is the
      // extremum, when the two are equal and the one to drop carries the sign (-0 against +0 for
      // Max, +0 against -0 for Min), or when y alone is NaN.
      const S lo = kMax ? x : y, hi = kMax ? y : x;
      const bool take_y = (lo < hi) | ((x == y) & std::signbit(lo)) | ((y != y) & (x == x));
      return take_y ? y : x;
    } else if constexpr (is_float_storage<S>) {
      const double a = comparable(x), b = comparable(y);
      if (a != a) return x;
      if (b != b) return y;
      // Equal values, or -0 and +0: Max takes the one without the sign, Min the one with it.
      const bool take_y = a == b ? std::signbit(a) == kMax : (a < b) == kMax;
      return take_y ? y : x;
    } else {
      return (x < y) == kMax ? y : x;
    }
  }
};

}  // namespace onnx_ref::math
