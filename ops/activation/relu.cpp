// ONNX Relu, every version (1, 6, 13, 14): Y = max(0, X). Contract: exact (no arithmetic).
//   1: float16, float, double; consumed_inputs (ignored).  6: the same without it.
//   13: + bfloat16.  14: + int8, int16, int32, int64.
// NaN stays NaN; -0 is not below 0, so it passes through as -0.
#include "ops/activation/register.h"
#include "ops/math/elementwise.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
struct ReluFn {
  template <class S>
  static constexpr bool supports = is_float_storage<S> || (is_int_storage<S> && std::is_signed_v<S>);
  template <class S>
  static S apply(S x) {
    return comparable(x) < 0 ? S{} : x;
  }
};
}  // namespace math

void register_relu(Registry& registry) {
  using namespace math;
  using type_sets::kFloats;
  using type_sets::kFloatsIR4;
  register_unary_ladder(registry, "Relu", {AccuracyKind::Exact, "max(0, x): the element itself or zero"},
                        {{1, kFloats, true},
                         {6, kFloats},
                         {13, kFloatsIR4},
                         {14, kFloatsIR4.with({ET::Int8, ET::Int16, ET::Int32, ET::Int64})}},
                        {}, unary_kernel<ReluFn>());
}

}  // namespace onnx_ref
