#include "ops/quant/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_quant_ops(Registry& registry) {
  register_dequantize_linear(registry);
  register_dynamic_quantize_linear(registry);
  register_qlinear_conv(registry);
  register_qlinear_matmul(registry);
  register_quantize_linear(registry);
}

}  // namespace onnx_ref
