// ONNX IsNaN, every version (9, 13, 20): Y = (X is NaN), a bool tensor.
//   9: float16, float, double.  13: + bfloat16.  20: + the four float8 types.
// Contract: exact.
#include "ops/math/float_class.h"
#include "ops/math/register.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
Kernel is_nan_kernel() {
  return [](const KernelContext& ctx) -> std::vector<Value> {
    return {classify_floats(ctx.input(0), [](double v) { return v != v; })};
  };
}
}  // namespace math

void register_is_nan(Registry& registry) {
  using namespace math;
  const UnaryNames names{"X", "Y", "T1", "T2", TypeSet{ET::Bool}};
  const TypeSet with_f8 =
      type_sets::kFloatsIR4.with({ET::Float8E4M3FN, ET::Float8E4M3FNUZ, ET::Float8E5M2, ET::Float8E5M2FNUZ});
  register_unary_ladder(registry, "IsNaN", {AccuracyKind::Exact, "a decision on each element"},
                        {{9, type_sets::kFloats}, {13, type_sets::kFloatsIR4}, {20, with_f8}}, {}, is_nan_kernel(),
                        names);
}

}  // namespace onnx_ref
