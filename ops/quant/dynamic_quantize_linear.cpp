// ONNX DynamicQuantizeLinear-11: float32 x to uint8 with a scale and zero point computed from x's
// range (extended to include 0). Contract: rounded at named points —
//  - y_scale = fl(fl(max(0, max(x)) - min(0, min(x))) / 255): the spec's two float32 operations
//    (its function body's Sub and Div), each rounded to nearest, ties to even;
//  - y_zero_point = round(clamp(-fl(min(0, min(x)) / y_scale), 0, 255)) and
//    y = clamp(round(fl(x / y_scale)) + y_zero_point, 0, 255): each quotient is rounded once to
//    float32, as the function body's Div and QuantizeLinear-10 compute it, and then to an integer,
//    ties to even (ops/quant/quantize_rules.h). Rounding the exact quotient straight to an integer
//    would be the ideal, but it is not what the spec defines: the official test
//    test_dynamicquantizelinear fixes 0.5 / fl(5 / 255), just below 25.5 exactly, whose float32
//    quotient is 25.5 and rounds to 26.
// When x is all zeros (or empty) the range is 0 and the spec's formulas divide 0 by 0: y_scale is
// then 0 (the spec's formula), y_zero_point 0 and y 0, the only values that dequantize back to x.
// NaN or infinite elements, a range that overflows float32 and a non-zero range whose scale
// rounds to 0 are refused: no float32 scale describes them.
#include <algorithm>
#include <cmath>

#include <immintrin.h>

// GCC 12's AVX-512 intrinsics pass _mm512_undefined_*() (a self-initialised variable) as the
// unused source of their unmasked forms, which -Wmaybe-uninitialized reports wherever they inline.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

#include "gemm/int8_gemm.h"
#include "ops/quant/quantize_rules.h"
#include "ops/quant/register.h"
#include "runtime/error.h"
#include "runtime/parallel_for.h"

namespace onnx_ref {

namespace {

constexpr int64_t kDqlGrain = int64_t{1} << 16;

// min(0, min x) and max(0, max x) of px[begin, end); false when an element is not finite. The
// result does not depend on the order of the comparisons (a zero result is +0, see below).
bool dql_range_portable(const float* px, int64_t begin, int64_t end, float& lo, float& hi) {
  for (int64_t i = begin; i < end; ++i) {
    if (!std::isfinite(px[i])) return false;
    lo = std::min(lo, px[i]);
    hi = std::max(hi, px[i]);
  }
  return true;
}

[[gnu::target("avx512f,avx512bw,avx512vl")]] bool dql_range_avx512(const float* px, int64_t begin, int64_t end,
                                                                   float& lo, float& hi) {
  __m512 vlo = _mm512_setzero_ps(), vhi = _mm512_setzero_ps();
  // x - x is 0 for a finite x and NaN for an infinite or NaN one: OR-ing their bits finds both.
  __m512i bad = _mm512_setzero_si512();
  int64_t i = begin;
  for (; i + 16 <= end; i += 16) {
    const __m512 v = _mm512_loadu_ps(px + i);
    bad = _mm512_or_si512(bad, _mm512_castps_si512(_mm512_sub_ps(v, v)));
    vlo = _mm512_min_ps(vlo, v);
    vhi = _mm512_max_ps(vhi, v);
  }
  if (_mm512_cmp_ps_mask(_mm512_castsi512_ps(bad), _mm512_castsi512_ps(bad), _CMP_UNORD_Q)) return false;
  lo = std::min(lo, _mm512_reduce_min_ps(vlo));
  hi = std::max(hi, _mm512_reduce_max_ps(vhi));
  return dql_range_portable(px, i, end, lo, hi);
}

// y = clamp(round(fl(x / scale)), -zp, 255 - zp) + zp, fl the float32 division (the quotient
// rounded once to float32, as quotient_in_precision gives it) and round ties to even. Rounding
// and clamping to integer bounds commute, so the vector path clamps the float quotient first.
void dql_quantize_portable(const float* px, uint8_t* py, int64_t begin, int64_t end, float scale, int64_t zp) {
  for (int64_t i = begin; i < end; ++i) {
    const double q = quant::quotient_in_precision(px[i], scale, ElementType::Float);
    py[i] = static_cast<uint8_t>(quant::round_half_even_clamped(q, -zp, 255 - zp) + zp);
  }
}

[[gnu::target("avx512f,avx512bw,avx512vl")]] void dql_quantize_avx512(const float* px, uint8_t* py, int64_t begin,
                                                                      int64_t end, float scale, int64_t zp) {
  const __m512 vs = _mm512_set1_ps(scale);
  const __m512 lo = _mm512_set1_ps(static_cast<float>(-zp)), hi = _mm512_set1_ps(static_cast<float>(255 - zp));
  const __m512i vz = _mm512_set1_epi32(static_cast<int>(zp));
  for (int64_t i = begin; i < end; i += 16) {
    const __mmask16 m = end - i >= 16 ? 0xFFFF : static_cast<__mmask16>((1u << (end - i)) - 1);
    const __m512 q = _mm512_div_ps(_mm512_maskz_loadu_ps(m, px + i), vs);  // IEEE: rounded once
    const __m512 c = _mm512_min_ps(_mm512_max_ps(q, lo), hi);
    const __m512i r = _mm512_add_epi32(_mm512_cvt_roundps_epi32(c, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC), vz);
    _mm_mask_storeu_epi8(py + i, m, _mm512_cvtusepi32_epi8(r));
  }
}

[[noreturn]] void dql_refuse(const float* px, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    if (!std::isfinite(px[i]))
      throw Error("DynamicQuantizeLinear needs finite x, but element " + std::to_string(i) + " is " +
                  (std::isnan(px[i]) ? "NaN"
                   : px[i] > 0       ? "inf"
                                     : "-inf"));
  throw std::logic_error("DynamicQuantizeLinear: no element is not finite");
}

std::vector<Value> dynamic_quantize_linear(const KernelContext& ctx) {
  const Tensor& x = ctx.input(0);
  const float* px = x.data_as<float>();
  const int64_t n = x.element_count();
  const bool wide = gemm::int8_uses_avx512();
  // Each chunk's range, combined in chunk order (min and max do not depend on it anyway).
  const int64_t chunks = (n + kDqlGrain - 1) / kDqlGrain;
  std::vector<float> los(static_cast<size_t>(chunks), 0), his(static_cast<size_t>(chunks), 0);
  std::vector<char> finite(static_cast<size_t>(chunks), 1);
  parallel_for(chunks, 1, [&](int64_t begin, int64_t end) {
    for (int64_t c = begin; c < end; ++c) {
      const int64_t b = c * kDqlGrain, e = std::min(n, b + kDqlGrain);
      finite[c] = wide ? dql_range_avx512(px, b, e, los[c], his[c]) : dql_range_portable(px, b, e, los[c], his[c]);
    }
  });
  float lo = 0, hi = 0;
  for (int64_t c = 0; c < chunks; ++c) {
    if (!finite[c]) dql_refuse(px, n);
    lo = std::min(lo, los[c]);
    hi = std::max(hi, his[c]);
  }
  // A zero bound is +0 whichever zero the comparisons kept.
  if (lo == 0) lo = 0;
  if (hi == 0) hi = 0;
  const float range = hi - lo;  // float32 arithmetic, rounded once: the spec's Sub
  if (!std::isfinite(range)) throw Error("the range of x (max - min) overflows float32");
  const float scale = range / 255.0f;  // the spec's Div
  Tensor y = Tensor::uninitialized(ElementType::UInt8, x.shape());
  uint8_t* py = reinterpret_cast<uint8_t*>(y.mutable_data());
  int64_t zp = 0;
  if (scale == 0) {
    // A range of a few subnormals also gives a zero scale (2^-149 / 255 rounds to 0), and no
    // float32 scale quantizes it: refused.
    if (range != 0) throw Error("the range of x is non-zero but below 128 * 2^-149, and no float32 scale quantizes it");
    for (int64_t i = 0; i < n; ++i) py[i] = 0;
  } else {
    zp = quant::round_half_even_clamped(-quant::quotient_in_precision(lo, scale, ElementType::Float), 0, 255);
    parallel_for(n, kDqlGrain, [&](int64_t begin, int64_t end) {
      if (wide)
        dql_quantize_avx512(px, py, begin, end, scale, zp);
      else
        dql_quantize_portable(px, py, begin, end, scale, zp);
    });
  }
  Tensor s = Tensor::from_values<float>(ElementType::Float, {}, {scale});
  Tensor z = Tensor::from_values<uint8_t>(ElementType::UInt8, {}, {static_cast<uint8_t>(zp)});
  return {y, s, z};
}

}  // namespace

void register_dynamic_quantize_linear(Registry& registry) {
  using ET = ElementType;
  OpVersion v;
  v.op_type = "DynamicQuantizeLinear";
  v.since_version = 11;
  v.inputs = {{"x", "T1"}};
  v.outputs = {{"y", "T2"}, {"y_scale", "tensor(float)"}, {"y_zero_point", "T2"}};
  v.type_constraints = {
      {"T1", TypeSet{ET::Float}}, {"T2", TypeSet{ET::UInt8}}, {"tensor(float)", TypeSet{ET::Float}, "tensor(float)"}};
  v.kernel = dynamic_quantize_linear;
  registry.add(std::move(v));
  registry.declare_accuracy("DynamicQuantizeLinear", {AccuracyKind::RoundedAtNamedPoints,
                                                      "y_scale from two float32 operations, each rounded once; each "
                                                      "quotient rounded to float32, then to an integer, ties to even"});
}

}  // namespace onnx_ref
