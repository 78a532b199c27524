// ONNX Mean, every version (1, 6, 8, 13): the element-wise mean of one or more inputs.
// Contract: correctly rounded: the exact sum divided by the input count, rounded once
// (ops/math/sum_mean.h; not the sum rounded and then divided, nor a product with 1/n).
#include "ops/math/register.h"
#include "ops/math/sum_mean.h"

namespace onnx_ref {
void register_mean(Registry& registry) {
  math::register_sum_mean(
      registry, "Mean",
      {AccuracyKind::CorrectlyRounded, "the exact sum of the inputs divided by their count rounded once"}, "mean",
      math::SumKind::Mean);
}
}  // namespace onnx_ref
