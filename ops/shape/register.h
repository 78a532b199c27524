#pragma once
// ops/shape/: each operator file registers all of its versions through one function declared here;
// register_shape_ops (ops/shape/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_flatten(Registry& registry);
void register_identity(Registry& registry);
void register_openvino_reshape(Registry& registry);
void register_reshape(Registry& registry);
void register_shape(Registry& registry);
void register_size(Registry& registry);
void register_squeeze(Registry& registry);
void register_unsqueeze(Registry& registry);

}  // namespace onnx_ref
