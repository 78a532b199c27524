// ONNX LeakyRelu, every version (1, 6, 16): Y = X for X >= 0, alpha * X below.
//   1: float16, float, double; consumed_inputs (ignored).  6: without it.  16: + bfloat16.
// Contract: correctly rounded. alpha is the float32 in the model; alpha * X is exact in double for
// float16, bfloat16 and float (24 + 24 bits) and rounded once to the element type; for double the
// one IEEE multiplication is the rounding.
#include <immintrin.h>

#include <cstdint>

#include "gemm/dot.h"
#include "ops/activation/register.h"
#include "ops/attribute_specs.h"
#include "ops/math/elementwise.h"
#include "ops/math/unary_ladder.h"
#include "ops/type_sets.h"

namespace onnx_ref {
namespace math {
struct LeakyReluFn {
  using Result = void;
  double alpha;
  static LeakyReluFn make(const Attributes& attrs) { return {float_attr(attrs, "alpha")}; }
  template <class S>
  static constexpr bool supports = is_float_storage<S>;
  template <class S>
  S apply(S x) const {
    const double v = widen(x);
    return v < 0 ? narrow<S>(alpha * v) : x;
  }
};

namespace {

// GCC 12 reports the undefined upper halves inside the AVX-512 conversion intrinsics as maybe
// uninitialized (a false positive, as in gemm/micro_kernel.cpp).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

// float elements eight at a time: each widened to double, multiplied by alpha (exact: 24 + 24
// bits), rounded once to float by the conversion (nearest, ties to even, as static_cast does), and
// taken where x < 0 (never for NaN or -0, which stay as they are, as in apply). No branch on the
// sign, which a typical activation mispredicts half of the time.
[[gnu::target("avx512f,avx512vl")]] void leaky_relu_floats_avx512(const float* x, float* y, int64_t n, double alpha) {
  const __m512d a = _mm512_set1_pd(alpha);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 v = _mm256_loadu_ps(x + i);
    const __m512d wide = _mm512_cvtps_pd(v);
    const __m256 scaled = _mm512_cvtpd_ps(_mm512_mul_pd(wide, a));
    const __mmask8 negative = _mm512_cmp_pd_mask(wide, _mm512_setzero_pd(), _CMP_LT_OQ);
    _mm256_storeu_ps(y + i, _mm256_mask_blend_ps(negative, v, scaled));
  }
  for (; i < n; ++i) {
    const double w = x[i];
    y[i] = w < 0 ? static_cast<float>(alpha * w) : x[i];
  }
}

std::vector<Value> leaky_relu_run(const KernelContext& ctx, const LeakyReluFn& fn) {
  const Tensor& x = ctx.input(0);
  if (x.type() != ElementType::Float || !gemm::gemm_uses_avx512()) return unary_attr_run(ctx, fn);
  Tensor out = Tensor::uninitialized(x.type(), x.shape());
  leaky_relu_floats_avx512(x.data_as<float>(), reinterpret_cast<float*>(out.mutable_data()), x.element_count(),
                           fn.alpha);
  return {out};
}

// alpha, parsed at load.
void set_leaky_relu_kernel(OpVersion& v) { v.set_kernel(&LeakyReluFn::make, leaky_relu_run); }

}  // namespace
}  // namespace math

void register_leaky_relu(Registry& registry) {
  using namespace math;
  using type_sets::kFloats;
  using type_sets::kFloatsIR4;
  register_unary_ladder(registry, "LeakyRelu", {AccuracyKind::CorrectlyRounded, "x, or the exact alpha x rounded once"},
                        {{1, kFloats, true}, {6, kFloats}, {16, kFloatsIR4}}, {float_attribute("alpha", 0.01f)},
                        set_leaky_relu_kernel);
}

}  // namespace onnx_ref
