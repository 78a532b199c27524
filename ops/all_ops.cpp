#include "ops/all_ops.h"

namespace onnx_ref {

const Registry& Registry::builtin() {
  static const Registry registry = [] {
    Registry r;
    register_reshape(r);
    register_flatten(r);
    register_openvino_reshape(r);
    register_identity(r);
    register_shape(r);
    register_size(r);
    register_squeeze(r);
    register_unsqueeze(r);
    register_constant(r);
    register_constant_of_shape(r);
    register_eye_like(r);
    register_reduce_sum(r);
    register_reduce_prod(r);
    register_range(r);
    register_add(r);
    register_sub(r);
    register_mul(r);
    register_div(r);
    register_equal(r);
    register_less(r);
    register_greater(r);
    register_not(r);
    register_neg(r);
    register_abs(r);
    register_min(r);
    register_max(r);
    register_transpose(r);
    register_expand(r);
    register_tile(r);
    register_where(r);
    register_compress(r);
    register_nonzero(r);
    register_cast(r);
    register_cast_like(r);
    register_concat(r);
    register_split(r);
    register_slice(r);
    register_gather(r);
    register_gather_elements(r);
    register_gather_nd(r);
    register_scatter_nd(r);
    register_scatter_elements(r);
    register_trilu(r);
    register_one_hot(r);
    register_depth_to_space(r);
    register_space_to_depth(r);
    register_pad(r);
    register_matmul(r);
    register_gemm(r);
    register_conv(r);
    register_max_pool(r);
    register_average_pool(r);
    register_global_average_pool(r);
    register_global_max_pool(r);
    return r;
  }();
  return registry;
}

}  // namespace onnx_ref
