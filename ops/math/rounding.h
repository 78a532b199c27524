#pragma once
// Floor, Ceil and Round share one functor shape: the integral value of X chosen by a rounding rule.
// Contract: exact (every integral value within a float's range is representable in that float, so
// nothing is rounded). Signed zeros follow the rule's sign (Ceil(-0.5) = -0, Round(-0.5) = -0),
// NaN and infinities pass through.
#include <cmath>

#include "ops/math/elementwise.h"

namespace onnx_ref::math {

template <double (*Rule)(double)>
struct IntegralFn {
  template <class S>
  static constexpr bool supports = is_float_storage<S>;
  template <class S>
  static S apply(S x) {
    if constexpr (std::is_same_v<S, double>)
      return Rule(x);
    else if constexpr (std::is_same_v<S, float>)
      return static_cast<float>(Rule(x));
    else
      return narrow<S>(Rule(widen(x)));
  }
};

inline double floor_rule(double v) { return std::floor(v); }
inline double ceil_rule(double v) { return std::ceil(v); }
// Half to even, whatever the current rounding mode (std::nearbyint would follow it).
inline double half_even_rule(double v) {
  if (!std::isfinite(v)) return v;
  const double f = std::floor(v);
  const double d = v - f;  // exact: v and f share the exponent range
  double r = d < 0.5 ? f : d > 0.5 ? f + 1 : (std::fmod(f, 2.0) == 0 ? f : f + 1);
  return std::copysign(r, v);  // -0.4 gives -0, as rounding toward the nearest integer does
}

}  // namespace onnx_ref::math
