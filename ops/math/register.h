#pragma once
// ops/math/: each operator file registers all of its versions through one function declared here;
// register_math_ops (ops/math/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_abs(Registry& registry);
void register_acos(Registry& registry);
void register_acosh(Registry& registry);
void register_add(Registry& registry);
void register_asin(Registry& registry);
void register_asinh(Registry& registry);
void register_atan(Registry& registry);
void register_atanh(Registry& registry);
void register_ceil(Registry& registry);
void register_cos(Registry& registry);
void register_cosh(Registry& registry);
void register_div(Registry& registry);
void register_equal(Registry& registry);
void register_erf(Registry& registry);
void register_exp(Registry& registry);
void register_floor(Registry& registry);
void register_greater(Registry& registry);
void register_greater_or_equal(Registry& registry);
void register_is_inf(Registry& registry);
void register_is_nan(Registry& registry);
void register_less(Registry& registry);
void register_less_or_equal(Registry& registry);
void register_log(Registry& registry);
void register_max(Registry& registry);
void register_mean(Registry& registry);
void register_min(Registry& registry);
void register_mod(Registry& registry);
void register_mul(Registry& registry);
void register_neg(Registry& registry);
void register_not(Registry& registry);
void register_pow(Registry& registry);
void register_reciprocal(Registry& registry);
void register_round(Registry& registry);
void register_sign(Registry& registry);
void register_sin(Registry& registry);
void register_sinh(Registry& registry);
void register_sqrt(Registry& registry);
void register_sub(Registry& registry);
void register_sum(Registry& registry);
void register_tan(Registry& registry);
void register_tanh(Registry& registry);

}  // namespace onnx_ref
