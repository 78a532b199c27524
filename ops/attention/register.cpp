#include "ops/attention/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_attention_ops(Registry& registry) {
  register_attention(registry);
  register_causal_conv_with_state(registry);
  register_flex_attention(registry);
  register_linear_attention(registry);
  register_rotary_embedding(registry);
  register_tensor_scatter(registry);
}

}  // namespace onnx_ref
