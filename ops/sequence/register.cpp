#include "ops/sequence/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_sequence_ops(Registry& registry) {
  register_concat_from_sequence(registry);
  register_optional(registry);
  register_optional_get_element(registry);
  register_optional_has_element(registry);
  register_sequence_at(registry);
  register_sequence_construct(registry);
  register_sequence_empty(registry);
  register_sequence_erase(registry);
  register_sequence_insert(registry);
  register_sequence_length(registry);
  register_sequence_map(registry);
  register_split_to_sequence(registry);
}

}  // namespace onnx_ref
