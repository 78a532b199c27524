// The depthwise row kernel (see depthwise_row.h). Four registers of eight outputs are summed at
// once, so the additions of one output follow each other at the latency of an addition while the
// other registers' fill the pipeline; the loop over taps runs inside the block of outputs, so the
// sums stay in registers. Taps that read padding load +0 (masked loads), whose product w * +0 is
// exactly the zero the tap-by-tap loop adds there.
#include "gemm/depthwise_row.h"

// GCC 12 reports the intrinsics' own _mm512_undefined_pd() pass-through operands as "may be used
// uninitialized" once they are inlined (a false positive of that compiler; see micro_kernel.cpp).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

namespace onnx_ref::gemm {

namespace {

constexpr int kBlocks = 4;  // registers of 8 outputs summed together

// The 8 input values lanes q < 8 read at positions base + q * stride of `row` (in_width long),
// widened; +0 where the position is outside the row or the lane is past `live`.
[[gnu::target("avx512f,avx512vl,avx2"), gnu::always_inline]] inline __m512d load_taps(const float* row, int64_t base,
                                                                                      int64_t stride, int64_t in_width,
                                                                                      int64_t live) {
  if (live <= 0) return _mm512_setzero_pd();
  const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m512i vbase = _mm512_set1_epi32(static_cast<int>(base)),
                vwidth = _mm512_set1_epi32(static_cast<int>(in_width));
  if (stride <= 2 && base >= 0) {
    // Contiguous elements e < 8 * stride from row + base (inside the row: base < in_width, or
    // nothing is loaded); lane q is element q * stride.
    const int64_t span = (live - 1) * stride + 1;
    const __mmask16 in_row = _mm512_cmplt_epi32_mask(_mm512_add_epi32(vbase, iota), vwidth) &
                             static_cast<__mmask16>(span >= 16 ? 0xFFFF : (1u << span) - 1);
    if (in_row == 0) return _mm512_setzero_pd();
    if (stride == 1) return _mm512_cvtps_pd(_mm256_maskz_loadu_ps(static_cast<__mmask8>(in_row), row + base));
    const __m512 pairs = _mm512_maskz_loadu_ps(in_row, row + base);
    const __m512i evens = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 0, 2, 4, 6, 8, 10, 12, 14);
    return _mm512_cvtps_pd(_mm512_castps512_ps256(_mm512_permutexvar_ps(evens, pairs)));
  }
  // Any stride, or a window starting left of the row: a gather of the lanes inside it.
  const __m256i pos =
      _mm256_add_epi32(_mm512_castsi512_si256(vbase),
                       _mm256_mullo_epi32(_mm512_castsi512_si256(iota), _mm256_set1_epi32(static_cast<int>(stride))));
  const __mmask8 lanes = static_cast<__mmask8>(live >= 8 ? 0xFF : (1u << live) - 1);
  const __mmask8 in_row = _mm256_cmpge_epi32_mask(pos, _mm256_setzero_si256()) &
                          _mm256_cmplt_epi32_mask(pos, _mm512_castsi512_si256(vwidth)) & lanes;
  if (in_row == 0) return _mm512_setzero_pd();
  return _mm512_cvtps_pd(_mm256_mmask_i32gather_ps(_mm256_setzero_ps(), in_row, pos, row, 4));
}

}  // namespace

[[gnu::target("avx512f,avx512vl,avx2")]] void depthwise_row_avx512(const DepthwiseRow& d, const float* const* rows,
                                                                   const float* w, double* acc, double* mag) {
  const int64_t OW = d.out_width, KH = d.kernel_height, KW = d.kernel_width, sw = d.stride;
  for (int64_t ow0 = 0; ow0 < OW; ow0 += 8 * kBlocks) {
    __m512d s[kBlocks], m[kBlocks];
    for (int b = 0; b < kBlocks; ++b) {
      s[b] = _mm512_set1_pd(-0.0);  // -0 + p is p, even for p = -0
      m[b] = _mm512_setzero_pd();
    }
    for (int64_t kh = 0; kh < KH; ++kh) {
      const float* row = rows[kh];
      for (int64_t kw = 0; kw < KW; ++kw) {
        const double wv = w[kh * KW + kw];
        if (!row) {
          // The whole input row is padding: every output adds w * +0.
          const __m512d pad = _mm512_set1_pd(wv * 0.0);
          for (int b = 0; b < kBlocks; ++b) s[b] = _mm512_add_pd(s[b], pad);
          continue;
        }
        const __m512d vw = _mm512_set1_pd(wv);
        const int64_t off = kw * d.dilation - d.pad_begin;
        const int64_t base = ow0 * sw + off;
        if (sw <= 2 && ow0 + 8 * kBlocks <= OW && base >= 0 && base + 8 * kBlocks * sw <= d.in_width) {
          // Every lane of the block reads inside the row: plain loads.
          for (int b = 0; b < kBlocks; ++b) {
            __m512d x;
            if (sw == 1) {
              x = _mm512_cvtps_pd(_mm256_loadu_ps(row + base + 8 * b));
            } else {
              const __m512i evens = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 0, 2, 4, 6, 8, 10, 12, 14);
              x = _mm512_cvtps_pd(
                  _mm512_castps512_ps256(_mm512_permutexvar_ps(evens, _mm512_loadu_ps(row + base + 16 * b))));
            }
            const __m512d p = _mm512_mul_pd(vw, x);
            s[b] = _mm512_add_pd(s[b], p);
            m[b] = _mm512_add_pd(m[b], _mm512_abs_pd(p));
          }
          continue;
        }
        for (int b = 0; b < kBlocks; ++b) {
          const int64_t first = ow0 + 8 * b;
          const __m512d p = _mm512_mul_pd(vw, load_taps(row, first * sw + off, sw, d.in_width, OW - first));
          s[b] = _mm512_add_pd(s[b], p);
          // |w * +0| is +0 for a finite w, which leaves a sum of magnitudes unchanged; a tap with
          // an infinite or NaN weight makes every output's sum infinite or NaN, which the caller
          // never decides from the bound.
          m[b] = _mm512_add_pd(m[b], _mm512_abs_pd(p));
        }
      }
    }
    for (int b = 0; b < kBlocks; ++b) {
      const int64_t first = ow0 + 8 * b, live = OW - first;
      if (live <= 0) break;
      const __mmask8 lanes = static_cast<__mmask8>(live >= 8 ? 0xFF : (1u << live) - 1);
      _mm512_mask_storeu_pd(acc + first, lanes, s[b]);
      _mm512_mask_storeu_pd(mag + first, lanes, m[b]);
    }
  }
}

}  // namespace onnx_ref::gemm
