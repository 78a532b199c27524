#pragma once
// ops/random/: each operator file registers all of its versions through one function declared here;
// register_random_ops (ops/random/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_bernoulli(Registry& registry);
void register_multinomial(Registry& registry);
void register_random_normal(Registry& registry);
void register_random_normal_like(Registry& registry);
void register_random_uniform(Registry& registry);
void register_random_uniform_like(Registry& registry);

}  // namespace onnx_ref
