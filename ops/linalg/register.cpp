#include "ops/linalg/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_linalg_ops(Registry& registry) {
  register_col2im(registry);
  register_conv(registry);
  register_conv_integer(registry);
  register_conv_transpose(registry);
  register_deform_conv(registry);
  register_det(registry);
  register_einsum(registry);
  register_gemm(registry);
  register_matmul(registry);
  register_matmul_integer(registry);
}

}  // namespace onnx_ref
