#pragma once
// Every operator file registers all of its versions through one function listed here.
#include "ops/registry.h"

namespace onnx_ref {

inline constexpr const char* kOpenVinoDomain = "org.openvinotoolkit";

void register_reshape(Registry& registry);
void register_flatten(Registry& registry);
void register_openvino_reshape(Registry& registry);
void register_identity(Registry& registry);
void register_shape(Registry& registry);
void register_size(Registry& registry);
void register_squeeze(Registry& registry);
void register_unsqueeze(Registry& registry);
void register_constant(Registry& registry);
void register_constant_of_shape(Registry& registry);
void register_eye_like(Registry& registry);
void register_reduce_sum(Registry& registry);
void register_reduce_prod(Registry& registry);
void register_range(Registry& registry);
// ops/math/: element-wise arithmetic, comparison and logic (one engine, ops/math/elementwise.h).
void register_add(Registry& registry);
void register_sub(Registry& registry);
void register_mul(Registry& registry);
void register_div(Registry& registry);
void register_equal(Registry& registry);
void register_less(Registry& registry);
void register_greater(Registry& registry);
void register_not(Registry& registry);
void register_neg(Registry& registry);
void register_abs(Registry& registry);
void register_min(Registry& registry);
void register_max(Registry& registry);
void register_transpose(Registry& registry);
void register_expand(Registry& registry);
void register_tile(Registry& registry);
void register_where(Registry& registry);
void register_compress(Registry& registry);
void register_nonzero(Registry& registry);
void register_cast(Registry& registry);
void register_cast_like(Registry& registry);

void register_concat(Registry& registry);
void register_split(Registry& registry);
void register_slice(Registry& registry);

void register_gather(Registry& registry);
void register_gather_elements(Registry& registry);
void register_gather_nd(Registry& registry);

void register_scatter_nd(Registry& registry);
void register_scatter_elements(Registry& registry);

void register_trilu(Registry& registry);
void register_one_hot(Registry& registry);
void register_depth_to_space(Registry& registry);
void register_space_to_depth(Registry& registry);

void register_pad(Registry& registry);

// ops/linalg/: the dot-product operators over the checked GEMM engine (gemm/dot.h).
void register_matmul(Registry& registry);
void register_gemm(Registry& registry);
void register_conv(Registry& registry);
// ops/pool/: the pools (window rules: ops/window_rules.h).
void register_max_pool(Registry& registry);
void register_average_pool(Registry& registry);
void register_global_average_pool(Registry& registry);
void register_global_max_pool(Registry& registry);

}  // namespace onnx_ref
