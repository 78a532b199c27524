// ONNX BitwiseOr, version 18: C = A or B bit by bit (ops/logic/bitwise.h).
#include <functional>

#include "ops/logic/bitwise.h"
#include "ops/logic/register.h"

namespace onnx_ref {
void register_bitwise_or(Registry& registry) {
  math::register_bitwise<std::bit_or<>>(registry, "BitwiseOr",
                                        {AccuracyKind::Exact, "bit operations on the two's complement patterns"});
}
}  // namespace onnx_ref
