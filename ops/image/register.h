#pragma once
// ops/image/: each operator file registers all of its versions through one function declared here;
// register_image_ops (ops/image/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_image_decoder(Registry& registry);

}  // namespace onnx_ref
