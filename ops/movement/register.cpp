#include "ops/movement/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_movement_ops(Registry& registry) {
  register_center_crop_pad(registry);
  register_concat(registry);
  register_depth_to_space(registry);
  register_space_to_depth(registry);
  register_expand(registry);
  register_pad(registry);
  register_slice(registry);
  register_split(registry);
  register_tile(registry);
  register_transpose(registry);
}

}  // namespace onnx_ref
