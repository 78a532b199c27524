#pragma once
// ops/control/: each operator file registers all of its versions through one function declared here;
// register_control_ops (ops/control/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_if(Registry& registry);
void register_loop(Registry& registry);
void register_scan(Registry& registry);

}  // namespace onnx_ref
