#include "ops/training/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_training_ops(Registry& registry) {
  register_adagrad(registry);
  register_adam(registry);
  register_momentum(registry);
}

}  // namespace onnx_ref
