// ONNX HardSwish, every version (14, 22): Y = X * max(0, min(1, X / 6 + 1/2)).
//   14: float16, float, double.  22: + bfloat16.
// Contract: correctly rounded: the exact value, with alpha exactly 1/6 and beta 1/2 as the spec's
// formula writes them (no attribute, so no float32 rounding of 1/6), rounded once:
//   X <= -3: X * 0 (-0 for negative X);  X >= 3: X;  between: (X^2 + 3X) / 6.
// The middle is summed exactly (numeric/exact_sum.h) from the exact pieces of X^2 and 3X (fma error
// terms for double) and divided by 6 with one rounding. For double |X| < 2^-500, X^2 / 6 is below
// a quarter of the result's last unit and positive; it is stood in for by 2^-1074 / 6, which lies
// between the same rounding boundaries. NaN stays NaN.
#include <cmath>

#include "numeric/exact_sum.h"
#include "ops/activation/register.h"
#include "ops/math/elementwise.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {

// (x^2 + 3x) / 6 rounded once: to nearest for double, to odd for the narrower types.
inline double hard_swish_middle(double x, bool exact_pieces) {
  ExactSum sum;
  if (exact_pieces) {
    sum.add(x * x);  // exact: at most 24 + 24 bits
    sum.add(3 * x);  // exact: at most 24 + 2 bits
    return sum.round_quotient(6, /*to_odd=*/true);
  }
  const double t = 3 * x;
  sum.add(t);
  sum.add(std::fma(3, x, -t));
  if (std::fabs(x) < 0x1p-500) {
    sum.add(0x1p-1074);
  } else {
    const double p = x * x;
    sum.add(p);
    sum.add(std::fma(x, x, -p));
  }
  return sum.round_quotient(6, /*to_odd=*/false);
}

struct HardSwishFn {
  template <class S>
  static constexpr bool supports = is_float_storage<S>;
  template <class S>
  static S apply(S x) {
    const double v = widen(x);
    if (v != v || v >= 3) return x;
    if (v <= -3) return narrow<S>(v * 0.0);
    if (v == 0) return x;
    return narrow<S>(hard_swish_middle(v, !std::is_same_v<S, double>));
  }
};
}  // namespace math

void register_hard_swish(Registry& registry) {
  using namespace math;
  register_unary_ladder(registry, "HardSwish",
                        {AccuracyKind::CorrectlyRounded, "the exact x max(0, min(1, x/6 + 1/2)) rounded once"},
                        {{14, type_sets::kFloats}, {22, type_sets::kFloatsIR4}}, {}, unary_kernel<HardSwishFn>());
}

}  // namespace onnx_ref
