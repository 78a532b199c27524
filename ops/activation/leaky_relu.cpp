// ONNX LeakyRelu, every version (1, 6, 16): Y = X for X >= 0, alpha * X below.
//   1: float16, float, double; consumed_inputs (ignored).  6: without it.  16: + bfloat16.
// Contract: correctly rounded. alpha is the float32 in the model; alpha * X is exact in double for
// float16, bfloat16 and float (24 + 24 bits) and rounded once to the element type; for double the
// one IEEE multiplication is the rounding.
#include "ops/activation/register.h"
#include "ops/attribute_specs.h"
#include "ops/math/elementwise.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
struct LeakyReluFn {
  using Result = void;
  double alpha;
  static LeakyReluFn make(const Attributes& attrs) { return {float_attr(attrs, "alpha")}; }
  template <class S>
  static constexpr bool supports = is_float_storage<S>;
  template <class S>
  S apply(S x) const {
    const double v = widen(x);
    return v < 0 ? narrow<S>(alpha * v) : x;
  }
};
}  // namespace math

void register_leaky_relu(Registry& registry) {
  using namespace math;
  using type_sets::kFloats;
  using type_sets::kFloatsIR4;
  register_unary_ladder(registry, "LeakyRelu", {AccuracyKind::CorrectlyRounded, "x, or the exact alpha x rounded once"}, {{1, kFloats, true}, {6, kFloats}, {16, kFloatsIR4}},
                        {float_attribute("alpha", 0.01f)}, unary_attr_kernel<LeakyReluFn>());
}

}  // namespace onnx_ref
