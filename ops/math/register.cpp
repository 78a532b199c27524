#include "ops/math/register.h"
#include "ops/families.h"

namespace onnx_ref {

void register_math_ops(Registry& registry) {
  register_abs(registry);
  register_acos(registry);
  register_acosh(registry);
  register_add(registry);
  register_asin(registry);
  register_asinh(registry);
  register_atan(registry);
  register_atanh(registry);
  register_ceil(registry);
  register_cos(registry);
  register_cosh(registry);
  register_div(registry);
  register_equal(registry);
  register_erf(registry);
  register_exp(registry);
  register_floor(registry);
  register_greater(registry);
  register_greater_or_equal(registry);
  register_is_inf(registry);
  register_is_nan(registry);
  register_less(registry);
  register_less_or_equal(registry);
  register_log(registry);
  register_max(registry);
  register_mean(registry);
  register_min(registry);
  register_mod(registry);
  register_mul(registry);
  register_neg(registry);
  register_not(registry);
  register_pow(registry);
  register_reciprocal(registry);
  register_round(registry);
  register_sign(registry);
  register_sin(registry);
  register_sinh(registry);
  register_sqrt(registry);
  register_sub(registry);
  register_sum(registry);
  register_tan(registry);
  register_tanh(registry);
}

}  // namespace onnx_ref
