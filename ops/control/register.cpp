#include "ops/control/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_control_ops(Registry& registry) {
  register_if(registry);
  register_loop(registry);
  register_scan(registry);
}

}  // namespace onnx_ref
