// ONNX BitwiseXor, version 18: C = A xor B bit by bit (ops/logic/bitwise.h).
#include <functional>

#include "ops/logic/bitwise.h"
#include "ops/logic/register.h"

namespace onnx_ref {
void register_bitwise_xor(Registry& registry) {
  math::register_bitwise<std::bit_xor<>>(registry, "BitwiseXor",
                                         {AccuracyKind::Exact, "bit operations on the two's complement patterns"});
}
}  // namespace onnx_ref
