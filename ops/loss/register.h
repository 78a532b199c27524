#pragma once
// ops/loss/: each operator file registers all of its versions through one function declared here;
// register_loss_ops (ops/loss/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_negative_log_likelihood_loss(Registry& registry);
void register_softmax_cross_entropy_loss(Registry& registry);

}  // namespace onnx_ref
