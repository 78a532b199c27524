#pragma once
// ops/movement/: each operator file registers all of its versions through one function declared here;
// register_movement_ops (ops/movement/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_center_crop_pad(Registry& registry);
void register_concat(Registry& registry);
void register_depth_to_space(Registry& registry);
void register_space_to_depth(Registry& registry);
void register_expand(Registry& registry);
void register_pad(Registry& registry);
void register_slice(Registry& registry);
void register_split(Registry& registry);
void register_tile(Registry& registry);
void register_transpose(Registry& registry);

}  // namespace onnx_ref
