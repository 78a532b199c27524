#include "ops/all_ops.h"

namespace onnx_ref {

const Registry& Registry::builtin() {
  static const Registry registry = [] {
    Registry r;
    register_reshape(r);
    register_flatten(r);
    register_openvino_reshape(r);
    register_reduce_sum(r);
    register_reduce_prod(r);
    register_range(r);
    return r;
  }();
  return registry;
}

}  // namespace onnx_ref
