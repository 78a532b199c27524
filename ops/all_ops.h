#pragma once
// Every operator file registers all of its versions through one function listed here.
#include "ops/registry.h"

namespace onnx_ref {

inline constexpr const char* kOpenVinoDomain = "org.openvinotoolkit";

void register_reshape(Registry& registry);
void register_flatten(Registry& registry);
void register_openvino_reshape(Registry& registry);
void register_transpose(Registry& registry);
void register_expand(Registry& registry);
void register_tile(Registry& registry);
void register_where(Registry& registry);
void register_compress(Registry& registry);
void register_nonzero(Registry& registry);

}  // namespace onnx_ref
