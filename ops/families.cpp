#include "ops/families.h"

namespace onnx_ref {

const Registry& Registry::builtin() {
  static const Registry registry = [] {
    Registry r;
    register_activation_ops(r);
    register_attention_ops(r);
    register_cast_ops(r);
    register_control_ops(r);
    register_generators_ops(r);
    register_image_ops(r);
    register_indexing_ops(r);
    register_linalg_ops(r);
    register_logic_ops(r);
    register_loss_ops(r);
    register_math_ops(r);
    register_ml_ops(r);
    register_movement_ops(r);
    register_normalization_ops(r);
    register_pool_ops(r);
    register_quant_ops(r);
    register_random_ops(r);
    register_recurrent_ops(r);
    register_reduce_ops(r);
    register_resample_ops(r);
    register_sequence_ops(r);
    register_shape_ops(r);
    register_signal_ops(r);
    register_softmax_ops(r);
    register_text_ops(r);
    register_training_ops(r);
    return r;
  }();
  return registry;
}

}  // namespace onnx_ref
