#pragma once
// ops/normalization/: each operator file registers all of its versions through one function declared here;
// register_normalization_ops (ops/normalization/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_batch_normalization(Registry& registry);
void register_dropout(Registry& registry);
void register_group_normalization(Registry& registry);
void register_instance_normalization(Registry& registry);
void register_layer_normalization(Registry& registry);
void register_lp_normalization(Registry& registry);
void register_lrn(Registry& registry);
void register_mean_variance_normalization(Registry& registry);
void register_rms_normalization(Registry& registry);

}  // namespace onnx_ref
