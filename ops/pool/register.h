#pragma once
// ops/pool/: each operator file registers all of its versions through one function declared here;
// register_pool_ops (ops/pool/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_average_pool(Registry& registry);
void register_global_average_pool(Registry& registry);
void register_global_lp_pool(Registry& registry);
void register_global_max_pool(Registry& registry);
void register_lp_pool(Registry& registry);
void register_max_pool(Registry& registry);
void register_max_roi_pool(Registry& registry);
void register_max_unpool(Registry& registry);
void register_roi_align(Registry& registry);

}  // namespace onnx_ref
