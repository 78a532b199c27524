// ONNX Sum, every version (1, 6, 8, 13): the element-wise sum of one or more inputs.
// Contract: correctly rounded: the exact sum of all inputs rounded once (ops/math/sum_mean.h), so
// Sum(a, b, c) does not depend on the order of its inputs. IEEE rules for NaN and infinities; an
// exactly zero sum is +0.
#include "ops/math/register.h"
#include "ops/math/sum_mean.h"

namespace onnx_ref {
void register_sum(Registry& registry) {
  math::register_sum_mean(registry, "Sum", {AccuracyKind::CorrectlyRounded, "the exact sum of the inputs rounded once"},
                          "sum", math::SumKind::Sum);
}
}  // namespace onnx_ref
