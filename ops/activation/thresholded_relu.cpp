// ONNX ThresholdedRelu, every version (10, 22): Y = X where X > alpha, else 0.
//   10: float16, float, double.  22: + bfloat16.
// Contract: exact. X is compared with the float32 alpha exactly (both widened to double); NaN is
// not above alpha and gives 0, as the spec's formula does.
#include "ops/activation/register.h"
#include "ops/attribute_specs.h"
#include "ops/math/elementwise.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
struct ThresholdedReluFn {
  using Result = void;
  double alpha;
  static ThresholdedReluFn make(const Attributes& attrs) { return {float_attr(attrs, "alpha")}; }
  template <class S>
  static constexpr bool supports = is_float_storage<S>;
  template <class S>
  S apply(S x) const {
    return widen(x) > alpha ? x : S{};
  }
};
}  // namespace math

void register_thresholded_relu(Registry& registry) {
  using namespace math;
  register_unary_ladder(registry, "ThresholdedRelu", {AccuracyKind::Exact, "x where x > alpha, else 0"},
                        {{10, type_sets::kFloats}, {22, type_sets::kFloatsIR4}}, {float_attribute("alpha", 1.0f)},
                        set_unary_attr_kernel<ThresholdedReluFn>);
}

}  // namespace onnx_ref
