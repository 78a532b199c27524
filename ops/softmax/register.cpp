#include "ops/softmax/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_softmax_ops(Registry& registry) {
  register_hardmax(registry);
  register_log_softmax(registry);
  register_softmax(registry);
}

}  // namespace onnx_ref
