#pragma once
// ops/resample/: each operator file registers all of its versions through one function declared here;
// register_resample_ops (ops/resample/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_affine_grid(Registry& registry);
void register_grid_sample(Registry& registry);
void register_resize(Registry& registry);
void register_upsample(Registry& registry);

}  // namespace onnx_ref
