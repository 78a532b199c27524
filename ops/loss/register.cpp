#include "ops/loss/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_loss_ops(Registry& registry) {
  register_negative_log_likelihood_loss(registry);
  register_softmax_cross_entropy_loss(registry);
}

}  // namespace onnx_ref
