// ONNX Softsign, every version (1, 22): Y = X / (1 + |X|).
//   1: float16, float, double.  22: + bfloat16.
// Contract: correctly rounded: the exact quotient rounded once (how: numeric/softsign.h).
#include "numeric/softsign.h"
#include "ops/activation/register.h"
#include "ops/math/elementwise.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
namespace {

struct SoftsignFn {
  template <class S>
  static constexpr bool supports = is_float_storage<S>;
  template <class S>
  static S apply(S x) {
    return numeric::softsign(x);
  }
};
}  // namespace
}  // namespace math

void register_softsign(Registry& registry) {
  using namespace math;
  const UnaryNames names{"input", "output"};
  register_unary_ladder(registry, "Softsign", {AccuracyKind::CorrectlyRounded, "the exact x / (1 + |x|) rounded once"},
                        {{1, type_sets::kFloats}, {22, type_sets::kFloatsIR4}}, {}, unary_kernel<SoftsignFn>(), names);
}

}  // namespace onnx_ref
