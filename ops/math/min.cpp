// ONNX Min, every version (1, 6, 8, 12, 13): the element-wise minimum of one or more inputs.
// Versions and types: register_min_max in elementwise.h (equal shapes before 8, broadcasting from 8).
// The element rule, NaN and signed zeros: ops/math/extremum.h (Min(-0, +0) = Min(+0, -0) = -0).
#include "ops/math/extremum.h"
#include "ops/math/register.h"

namespace onnx_ref {

void register_min(Registry& registry) {
  math::register_min_max<math::ExtremumFn<false>>(
      registry, "Min", {AccuracyKind::Exact, "one of the input elements (NaN propagates)"}, "min");
}

}  // namespace onnx_ref
