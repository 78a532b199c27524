#pragma once
// ops/training/: each operator file registers all of its versions through one function declared here;
// register_training_ops (ops/training/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_adagrad(Registry& registry);
void register_adam(Registry& registry);
void register_momentum(Registry& registry);

}  // namespace onnx_ref
