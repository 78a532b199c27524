#include "ops/normalization/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_normalization_ops(Registry& registry) {
  register_batch_normalization(registry);
  register_dropout(registry);
  register_group_normalization(registry);
  register_instance_normalization(registry);
  register_layer_normalization(registry);
  register_lp_normalization(registry);
  register_lrn(registry);
  register_mean_variance_normalization(registry);
  register_rms_normalization(registry);
}

}  // namespace onnx_ref
