#pragma once
// ops/activation/: each operator file registers all of its versions through one function declared here;
// register_activation_ops (ops/activation/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_celu(Registry& registry);
void register_clip(Registry& registry);
void register_elu(Registry& registry);
void register_gelu(Registry& registry);
void register_hard_sigmoid(Registry& registry);
void register_hard_swish(Registry& registry);
void register_leaky_relu(Registry& registry);
void register_mish(Registry& registry);
void register_prelu(Registry& registry);
void register_relu(Registry& registry);
void register_selu(Registry& registry);
void register_shrink(Registry& registry);
void register_sigmoid(Registry& registry);
void register_softplus(Registry& registry);
void register_softsign(Registry& registry);
void register_swish(Registry& registry);
void register_thresholded_relu(Registry& registry);

}  // namespace onnx_ref
