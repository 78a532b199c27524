#pragma once
// Every operator file registers all of its versions through one function listed here.
#include "ops/registry.h"

namespace onnx_ref {

inline constexpr const char* kOpenVinoDomain = "org.openvinotoolkit";

void register_reshape(Registry& registry);
void register_flatten(Registry& registry);
void register_openvino_reshape(Registry& registry);
void register_cast(Registry& registry);
void register_cast_like(Registry& registry);

}  // namespace onnx_ref
