#pragma once
// ops/softmax/: each operator file registers all of its versions through one function declared here;
// register_softmax_ops (ops/softmax/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_hardmax(Registry& registry);
void register_log_softmax(Registry& registry);
void register_softmax(Registry& registry);

}  // namespace onnx_ref
