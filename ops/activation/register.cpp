#include "ops/activation/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_activation_ops(Registry& registry) {
  register_celu(registry);
  register_clip(registry);
  register_elu(registry);
  register_gelu(registry);
  register_hard_sigmoid(registry);
  register_hard_swish(registry);
  register_leaky_relu(registry);
  register_mish(registry);
  register_prelu(registry);
  register_relu(registry);
  register_selu(registry);
  register_shrink(registry);
  register_sigmoid(registry);
  register_softplus(registry);
  register_softsign(registry);
  register_swish(registry);
  register_thresholded_relu(registry);
}

}  // namespace onnx_ref
