#include "ops/reduce/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_reduce_ops(Registry& registry) {
  register_arg_max(registry);
  register_arg_min(registry);
  register_cum_prod(registry);
  register_cum_sum(registry);
  register_reduce_l1(registry);
  register_reduce_l2(registry);
  register_reduce_log_sum(registry);
  register_reduce_log_sum_exp(registry);
  register_reduce_max(registry);
  register_reduce_mean(registry);
  register_reduce_min(registry);
  register_reduce_prod(registry);
  register_reduce_sum(registry);
  register_reduce_sum_square(registry);
  register_top_k(registry);
}

}  // namespace onnx_ref
