#pragma once
// ops/reduce/: each operator file registers all of its versions through one function declared here;
// register_reduce_ops (ops/reduce/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_arg_max(Registry& registry);
void register_arg_min(Registry& registry);
void register_cum_prod(Registry& registry);
void register_cum_sum(Registry& registry);
void register_reduce_l1(Registry& registry);
void register_reduce_l2(Registry& registry);
void register_reduce_log_sum(Registry& registry);
void register_reduce_log_sum_exp(Registry& registry);
void register_reduce_max(Registry& registry);
void register_reduce_mean(Registry& registry);
void register_reduce_min(Registry& registry);
void register_reduce_prod(Registry& registry);
void register_reduce_sum(Registry& registry);
void register_reduce_sum_square(Registry& registry);
void register_top_k(Registry& registry);

}  // namespace onnx_ref
