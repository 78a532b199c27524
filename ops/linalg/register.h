#pragma once
// ops/linalg/: each operator file registers all of its versions through one function declared here;
// register_linalg_ops (ops/linalg/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_col2im(Registry& registry);
void register_conv(Registry& registry);
void register_conv_integer(Registry& registry);
void register_conv_transpose(Registry& registry);
void register_deform_conv(Registry& registry);
void register_det(Registry& registry);
void register_einsum(Registry& registry);
void register_gemm(Registry& registry);
void register_matmul(Registry& registry);
void register_matmul_integer(Registry& registry);

}  // namespace onnx_ref
