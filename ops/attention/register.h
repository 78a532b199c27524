#pragma once
// ops/attention/: each operator file registers all of its versions through one function declared here;
// register_attention_ops (ops/attention/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_attention(Registry& registry);
void register_causal_conv_with_state(Registry& registry);
void register_flex_attention(Registry& registry);
void register_linear_attention(Registry& registry);
void register_rotary_embedding(Registry& registry);
void register_tensor_scatter(Registry& registry);

}  // namespace onnx_ref
