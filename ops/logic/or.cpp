// ONNX Or, every version (1, 7): C = A or B on bools. Versions: ops/logic/logical.h.
#include "ops/logic/logical.h"
#include "ops/logic/register.h"

namespace onnx_ref {
namespace math {
inline bool or_rule(bool p, bool q) { return p || q; }
}  // namespace math

void register_or(Registry& registry) {
  math::register_logical<math::LogicalFn<math::or_rule>>(registry, "Or", {AccuracyKind::Exact, "a logical decision"});
}
}  // namespace onnx_ref
