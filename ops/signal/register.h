#pragma once
// ops/signal/: each operator file registers all of its versions through one function declared here;
// register_signal_ops (ops/signal/register.cpp) calls them all. Adding an operator touches only this
// family.
#include "ops/registry.h"

namespace onnx_ref {

void register_blackman_window(Registry& registry);
void register_dft(Registry& registry);
void register_hamming_window(Registry& registry);
void register_hann_window(Registry& registry);
void register_mel_weight_matrix(Registry& registry);
void register_stft(Registry& registry);

}  // namespace onnx_ref
