// ONNX And, every version (1, 7): C = A and B on bools. Versions: ops/logic/logical.h.
#include "ops/logic/logical.h"
#include "ops/logic/register.h"

namespace onnx_ref {
namespace math {
inline bool and_rule(bool p, bool q) { return p && q; }
}  // namespace math

void register_and(Registry& registry) {
  math::register_logical<math::LogicalFn<math::and_rule>>(registry, "And", {AccuracyKind::Exact, "a logical decision"});
}
}  // namespace onnx_ref
