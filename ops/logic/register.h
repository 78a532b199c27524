#pragma once
// ops/logic/: each operator file registers all of its versions through one function declared here;
// register_logic_ops (ops/logic/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_and(Registry& registry);
void register_bit_shift(Registry& registry);
void register_bitwise_and(Registry& registry);
void register_bitwise_not(Registry& registry);
void register_bitwise_or(Registry& registry);
void register_bitwise_xor(Registry& registry);
void register_or(Registry& registry);
void register_xor(Registry& registry);

}  // namespace onnx_ref
