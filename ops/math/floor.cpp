// ONNX Floor, every version (1, 6, 13): the largest integral value not above X.
//   1: float16, float, double; consumed_inputs (ignored).  6: without it.  13: + bfloat16.
// Contract: exact (ops/math/rounding.h).
#include "ops/math/register.h"
#include "ops/math/rounding.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
void register_floor(Registry& registry) {
  using namespace math;
  using type_sets::kFloats;
  register_unary_ladder(registry, "Floor", {AccuracyKind::Exact, "the largest integral value not above x"},
                        {{1, kFloats, true}, {6, kFloats}, {13, type_sets::kFloatsIR4}}, {},
                        unary_kernel<IntegralFn<floor_rule>>());
}
}  // namespace onnx_ref
