#include "ops/logic/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_logic_ops(Registry& registry) {
  register_and(registry);
  register_bit_shift(registry);
  register_bitwise_and(registry);
  register_bitwise_not(registry);
  register_bitwise_or(registry);
  register_bitwise_xor(registry);
  register_or(registry);
  register_xor(registry);
}

}  // namespace onnx_ref
