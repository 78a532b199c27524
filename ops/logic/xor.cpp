// ONNX Xor, every version (1, 7): C = A xor B on bools. Versions: ops/logic/logical.h.
#include "ops/logic/logical.h"
#include "ops/logic/register.h"

namespace onnx_ref {
namespace math {
inline bool xor_rule(bool p, bool q) { return p != q; }
}  // namespace math

void register_xor(Registry& registry) {
  math::register_logical<math::LogicalFn<math::xor_rule>>(registry, "Xor", {AccuracyKind::Exact, "a logical decision"});
}
}  // namespace onnx_ref
