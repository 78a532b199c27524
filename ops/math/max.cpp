// ONNX Max, every version (1, 6, 8, 12, 13): the element-wise maximum of one or more inputs.
// Versions and types: register_min_max in elementwise.h (equal shapes before 8, broadcasting from 8).
// The element rule, NaN and signed zeros: ops/math/extremum.h (Max(-0, +0) = Max(+0, -0) = +0).
#include "ops/math/extremum.h"
#include "ops/math/register.h"

namespace onnx_ref {

void register_max(Registry& registry) {
  math::register_min_max<math::ExtremumFn<true>>(
      registry, "Max", {AccuracyKind::Exact, "one of the input elements (NaN propagates)"}, "max");
}

}  // namespace onnx_ref
