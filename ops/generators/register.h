#pragma once
// ops/generators/: each operator file registers all of its versions through one function declared here;
// register_generators_ops (ops/generators/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_constant(Registry& registry);
void register_constant_of_shape(Registry& registry);
void register_eye_like(Registry& registry);
void register_range(Registry& registry);

}  // namespace onnx_ref
