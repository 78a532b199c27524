#pragma once
// ops/quant/: each operator file registers all of its versions through one function declared here;
// register_quant_ops (ops/quant/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_dequantize_linear(Registry& registry);
void register_dynamic_quantize_linear(Registry& registry);
void register_qlinear_conv(Registry& registry);
void register_qlinear_matmul(Registry& registry);
void register_quantize_linear(Registry& registry);

}  // namespace onnx_ref
