#include "ops/all_ops.h"

namespace onnx_ref {

const Registry& Registry::builtin() {
  static const Registry registry = [] {
    Registry r;
    register_reshape(r);
    register_flatten(r);
    register_openvino_reshape(r);
    register_cast(r);
    register_cast_like(r);
    return r;
  }();
  return registry;
}

}  // namespace onnx_ref
