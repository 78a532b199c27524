#include "ops/random/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_random_ops(Registry& registry) {
  register_bernoulli(registry);
  register_multinomial(registry);
  register_random_normal(registry);
  register_random_normal_like(registry);
  register_random_uniform(registry);
  register_random_uniform_like(registry);
}

}  // namespace onnx_ref
