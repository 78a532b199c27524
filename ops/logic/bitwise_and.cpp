// ONNX BitwiseAnd, version 18: C = A and B bit by bit (ops/logic/bitwise.h).
#include <functional>

#include "ops/logic/bitwise.h"
#include "ops/logic/register.h"

namespace onnx_ref {
void register_bitwise_and(Registry& registry) {
  math::register_bitwise<std::bit_and<>>(registry, "BitwiseAnd",
                                         {AccuracyKind::Exact, "bit operations on the two's complement patterns"});
}
}  // namespace onnx_ref
