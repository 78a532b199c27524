#pragma once
// ops/sequence/: each operator file registers all of its versions through one function declared here;
// register_sequence_ops (ops/sequence/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_concat_from_sequence(Registry& registry);
void register_optional(Registry& registry);
void register_optional_get_element(Registry& registry);
void register_optional_has_element(Registry& registry);
void register_sequence_at(Registry& registry);
void register_sequence_construct(Registry& registry);
void register_sequence_empty(Registry& registry);
void register_sequence_erase(Registry& registry);
void register_sequence_insert(Registry& registry);
void register_sequence_length(Registry& registry);
void register_sequence_map(Registry& registry);
void register_split_to_sequence(Registry& registry);

}  // namespace onnx_ref
