#include "ops/shape/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_shape_ops(Registry& registry) {
  register_flatten(registry);
  register_identity(registry);
  register_openvino_reshape(registry);
  register_reshape(registry);
  register_shape(registry);
  register_size(registry);
  register_squeeze(registry);
  register_unsqueeze(registry);
}

}  // namespace onnx_ref
