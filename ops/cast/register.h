#pragma once
// ops/cast/: each operator file registers all of its versions through one function declared here;
// register_cast_ops (ops/cast/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_bit_cast(Registry& registry);
void register_cast(Registry& registry);
void register_cast_like(Registry& registry);

}  // namespace onnx_ref
