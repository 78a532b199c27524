// ONNX Ceil, every version (1, 6, 13): the smallest integral value not below X.
//   1: float16, float, double; consumed_inputs (ignored).  6: without it.  13: + bfloat16.
// Contract: exact (ops/math/rounding.h).
#include "ops/math/register.h"
#include "ops/math/rounding.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
void register_ceil(Registry& registry) {
  using namespace math;
  using type_sets::kFloats;
  register_unary_ladder(registry, "Ceil", {AccuracyKind::Exact, "the smallest integral value not below x"},
                        {{1, kFloats, true}, {6, kFloats}, {13, type_sets::kFloatsIR4}}, {},
                        unary_kernel<IntegralFn<ceil_rule>>());
}
}  // namespace onnx_ref
