#include "ops/generators/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_generators_ops(Registry& registry) {
  register_constant(registry);
  register_constant_of_shape(registry);
  register_eye_like(registry);
  register_range(registry);
}

}  // namespace onnx_ref
