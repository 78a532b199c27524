#include "ops/resample/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_resample_ops(Registry& registry) {
  register_affine_grid(registry);
  register_grid_sample(registry);
  register_resize(registry);
  register_upsample(registry);
}

}  // namespace onnx_ref
