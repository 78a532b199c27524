#pragma once
// ops/text/: each operator file registers all of its versions through one function declared here;
// register_text_ops (ops/text/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_regex_full_match(Registry& registry);
void register_string_concat(Registry& registry);
void register_string_normalizer(Registry& registry);
void register_string_split(Registry& registry);
void register_tfidf_vectorizer(Registry& registry);

}  // namespace onnx_ref
