// ONNX Round, every version (11, 22): X rounded to the nearest integral value, halves to even
// (Round(2.5) = 2, Round(-1.5) = -2).  11: float16, float, double.  22: + bfloat16.
// Contract: exact (ops/math/rounding.h).
#include "ops/math/register.h"
#include "ops/math/rounding.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
void register_round(Registry& registry) {
  using namespace math;
  register_unary_ladder(registry, "Round", {AccuracyKind::Exact, "the nearest integral value, halves to even"},
                        {{11, type_sets::kFloats}, {22, type_sets::kFloatsIR4}}, {},
                        unary_kernel<IntegralFn<half_even_rule>>());
}
}  // namespace onnx_ref
