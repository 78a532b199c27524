#pragma once
// ops/recurrent/: each operator file registers all of its versions through one function declared here;
// register_recurrent_ops (ops/recurrent/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_gru(Registry& registry);
void register_lstm(Registry& registry);
void register_rnn(Registry& registry);

}  // namespace onnx_ref
