#pragma once
// One registration function per family (folder under ops/); Registry::builtin() (ops/families.cpp)
// calls each. An operator is declared in its family's ops/<family>/register.h, not here.
#include "ops/registry.h"

namespace onnx_ref {

void register_activation_ops(Registry& registry);
void register_attention_ops(Registry& registry);
void register_cast_ops(Registry& registry);
void register_control_ops(Registry& registry);
void register_generators_ops(Registry& registry);
void register_image_ops(Registry& registry);
void register_indexing_ops(Registry& registry);
void register_linalg_ops(Registry& registry);
void register_logic_ops(Registry& registry);
void register_loss_ops(Registry& registry);
void register_math_ops(Registry& registry);
void register_ml_ops(Registry& registry);
void register_movement_ops(Registry& registry);
void register_normalization_ops(Registry& registry);
void register_pool_ops(Registry& registry);
void register_quant_ops(Registry& registry);
void register_random_ops(Registry& registry);
void register_recurrent_ops(Registry& registry);
void register_reduce_ops(Registry& registry);
void register_resample_ops(Registry& registry);
void register_sequence_ops(Registry& registry);
void register_shape_ops(Registry& registry);
void register_signal_ops(Registry& registry);
void register_softmax_ops(Registry& registry);
void register_text_ops(Registry& registry);
void register_training_ops(Registry& registry);

}  // namespace onnx_ref
