#include "ops/signal/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_signal_ops(Registry& registry) {
  register_blackman_window(registry);
  register_dft(registry);
  register_hamming_window(registry);
  register_hann_window(registry);
  register_mel_weight_matrix(registry);
  register_stft(registry);
}

}  // namespace onnx_ref
