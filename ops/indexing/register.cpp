#include "ops/indexing/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_indexing_ops(Registry& registry) {
  register_compress(registry);
  register_gather(registry);
  register_gather_elements(registry);
  register_gather_nd(registry);
  register_non_max_suppression(registry);
  register_nonzero(registry);
  register_one_hot(registry);
  register_reverse_sequence(registry);
  register_scatter(registry);
  register_scatter_elements(registry);
  register_scatter_nd(registry);
  register_trilu(registry);
  register_unique(registry);
  register_where(registry);
}

}  // namespace onnx_ref
