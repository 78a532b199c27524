// ONNX HardSigmoid, every version (1, 6, 22): Y = max(0, min(1, alpha * X + beta)).
//   1: float16, float, double; consumed_inputs (ignored).  6: without it.  22: + bfloat16.
// Contract: correctly rounded: the exact value of the whole expression, alpha and beta the float32
// numbers in the model, rounded once. Rounding is monotonic and 0 and 1 are representable, so
// clamping the correctly rounded alpha * X + beta is the same as rounding the clamped value. For
// double, fma rounds alpha * X + beta once; for the narrower types alpha * X is exact in double and
// the sum is rounded to odd there, then once to the element type. NaN stays NaN.
#include <cmath>

#include "numeric/round_odd.h"
#include "ops/activation/register.h"
#include "ops/attribute_specs.h"
#include "ops/math/elementwise.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
struct HardSigmoidFn {
  using Result = void;
  double alpha, beta;
  static HardSigmoidFn make(const Attributes& attrs) { return {float_attr(attrs, "alpha"), float_attr(attrs, "beta")}; }
  template <class S>
  static constexpr bool supports = is_float_storage<S>;
  template <class S>
  S apply(S x) const {
    double v;
    if constexpr (std::is_same_v<S, double>)
      v = std::fma(alpha, x, beta);
    else
      v = add_round_odd(alpha * widen(x), beta);
    if (v != v) return narrow<S>(v);
    const S r = narrow<S>(v);
    const double rv = widen(r);
    if (rv <= 0) return narrow<S>(0.0);
    if (rv >= 1) return narrow<S>(1.0);
    return r;
  }
};
}  // namespace math

void register_hard_sigmoid(Registry& registry) {
  using namespace math;
  using type_sets::kFloats;
  register_unary_ladder(registry, "HardSigmoid",
                        {AccuracyKind::CorrectlyRounded, "the exact max(0, min(1, alpha x + beta)) rounded once"},
                        {{1, kFloats, true}, {6, kFloats}, {22, type_sets::kFloatsIR4}},
                        {float_attribute("alpha", 0.2f), float_attribute("beta", 0.5f)},
                        set_unary_attr_kernel<HardSigmoidFn>);
}

}  // namespace onnx_ref
