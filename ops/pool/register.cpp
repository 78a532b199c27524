#include "ops/pool/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_pool_ops(Registry& registry) {
  register_average_pool(registry);
  register_global_average_pool(registry);
  register_global_lp_pool(registry);
  register_global_max_pool(registry);
  register_lp_pool(registry);
  register_max_pool(registry);
  register_max_roi_pool(registry);
  register_max_unpool(registry);
  register_roi_align(registry);
}

}  // namespace onnx_ref
