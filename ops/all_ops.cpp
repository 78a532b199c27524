#include "ops/all_ops.h"

namespace onnx_ref {

const Registry& Registry::builtin() {
  static const Registry registry = [] {
    Registry r;
    register_reshape(r);
    register_flatten(r);
    register_openvino_reshape(r);
    register_transpose(r);
    register_expand(r);
    register_tile(r);
    register_where(r);
    register_compress(r);
    register_nonzero(r);
    return r;
  }();
  return registry;
}

}  // namespace onnx_ref
