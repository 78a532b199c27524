#pragma once
// ops/indexing/: each operator file registers all of its versions through one function declared here;
// register_indexing_ops (ops/indexing/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_compress(Registry& registry);
void register_gather(Registry& registry);
void register_gather_elements(Registry& registry);
void register_gather_nd(Registry& registry);
void register_non_max_suppression(Registry& registry);
void register_nonzero(Registry& registry);
void register_one_hot(Registry& registry);
void register_reverse_sequence(Registry& registry);
void register_scatter(Registry& registry);
void register_scatter_elements(Registry& registry);
void register_scatter_nd(Registry& registry);
void register_trilu(Registry& registry);
void register_unique(Registry& registry);
void register_where(Registry& registry);

}  // namespace onnx_ref
