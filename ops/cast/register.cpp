#include "ops/cast/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_cast_ops(Registry& registry) {
  register_bit_cast(registry);
  register_cast(registry);
  register_cast_like(registry);
}

}  // namespace onnx_ref
