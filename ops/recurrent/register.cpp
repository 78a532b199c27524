#include "ops/recurrent/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_recurrent_ops(Registry& registry) {
  register_gru(registry);
  register_lstm(registry);
  register_rnn(registry);
}

}  // namespace onnx_ref
