// The tiled engine's inner kernels (see micro_kernel.h): a portable one compiled for the baseline
// target and for AVX2, and an AVX-512 one written with intrinsics (8 x 24 outputs in 24 registers,
// three loads of B and eight broadcasts of A per step). Which one runs is chosen at run time by
// gemm/tiled.cpp; the functions compiled for wider targets are called only on CPUs that have them.
#include "gemm/micro_kernel.h"

// GCC 12 reports the intrinsics' own _mm512_undefined_pd() pass-through operands as "may be used
// uninitialized" once they are inlined (a false positive of that compiler); nothing here reads an
// undefined lane.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include <algorithm>
#include <array>
#include <cstring>

namespace onnx_ref::gemm::tiled {

namespace {

[[gnu::always_inline]] inline void portable_body(int64_t kc, const double* a, const double* b, double* c, int64_t ldc,
                                                 bool first) {
  double acc[kMR][kNR];
  for (int64_t r = 0; r < kMR; ++r)
    for (int64_t q = 0; q < kNR; ++q) acc[r][q] = -0.0;  // -0 + p is p, even for p = -0
  for (int64_t k = 0; k < kc; ++k) {
    const double* __restrict bk = b + k * kNR;
    for (int64_t r = 0; r < kMR; ++r) {
      const double x = a[k * kMR + r];
      for (int64_t q = 0; q < kNR; ++q) acc[r][q] += x * bk[q];  // x * bk[q] is exact
    }
  }
  for (int64_t r = 0; r < kMR; ++r)
    for (int64_t q = 0; q < kNR; ++q) c[r * ldc + q] = first ? acc[r][q] : c[r * ldc + q] + acc[r][q];
}

// Entry m: the eight bytes (bit q of m) for q < 8, in memory order.
constexpr auto kByteFlags = [] {
  std::array<uint64_t, 256> t{};
  for (unsigned m = 0; m < 256; ++m)
    for (unsigned q = 0; q < 8; ++q)
      if (m >> q & 1) t[m] |= uint64_t{1} << (8 * q);  // little-endian: byte q is bits 8q..8q+7
  return t;
}();

}  // namespace

void micro_kernel_portable(int64_t kc, const double* a, const double* b, double* c, int64_t ldc, bool first) {
  portable_body(kc, a, b, c, ldc, first);
}

[[gnu::target("avx2,fma")]] void micro_kernel_avx2(int64_t kc, const double* a, const double* b, double* c, int64_t ldc,
                                                   bool first) {
  portable_body(kc, a, b, c, ldc, first);
}

[[gnu::target("avx512f")]] void micro_kernel_avx512(int64_t kc, const double* a, const double* b, double* c,
                                                    int64_t ldc, bool first) {
  static_assert(kMR == 8 && kNR == 24, "the AVX-512 kernel is written for 8 x 24 blocks");
  const __m512d minus_zero = _mm512_set1_pd(-0.0);  // -0 + p is p, even for p = -0
#define ONNX_REF_LOAD_ROW(r) __m512d c##r##0 = minus_zero, c##r##1 = minus_zero, c##r##2 = minus_zero;
  ONNX_REF_LOAD_ROW(0)
  ONNX_REF_LOAD_ROW(1)
  ONNX_REF_LOAD_ROW(2)
  ONNX_REF_LOAD_ROW(3)
  ONNX_REF_LOAD_ROW(4)
  ONNX_REF_LOAD_ROW(5)
  ONNX_REF_LOAD_ROW(6)
  ONNX_REF_LOAD_ROW(7)
#undef ONNX_REF_LOAD_ROW
  for (int64_t k = 0; k < kc; ++k) {
    const __m512d b0 = _mm512_loadu_pd(b), b1 = _mm512_loadu_pd(b + 8), b2 = _mm512_loadu_pd(b + 16);
#define ONNX_REF_STEP(r)                       \
  {                                            \
    const __m512d x = _mm512_set1_pd(a[r]);    \
    c##r##0 = _mm512_fmadd_pd(x, b0, c##r##0); \
    c##r##1 = _mm512_fmadd_pd(x, b1, c##r##1); \
    c##r##2 = _mm512_fmadd_pd(x, b2, c##r##2); \
  }
    ONNX_REF_STEP(0)
    ONNX_REF_STEP(1)
    ONNX_REF_STEP(2)
    ONNX_REF_STEP(3)
    ONNX_REF_STEP(4)
    ONNX_REF_STEP(5)
    ONNX_REF_STEP(6)
    ONNX_REF_STEP(7)
#undef ONNX_REF_STEP
    a += kMR;
    b += kNR;
  }
  if (first) {
#define ONNX_REF_SET_ROW(r)                   \
  _mm512_storeu_pd(c + (r)*ldc, c##r##0);     \
  _mm512_storeu_pd(c + (r)*ldc + 8, c##r##1); \
  _mm512_storeu_pd(c + (r)*ldc + 16, c##r##2);
    ONNX_REF_SET_ROW(0)
    ONNX_REF_SET_ROW(1)
    ONNX_REF_SET_ROW(2)
    ONNX_REF_SET_ROW(3)
    ONNX_REF_SET_ROW(4)
    ONNX_REF_SET_ROW(5)
    ONNX_REF_SET_ROW(6)
    ONNX_REF_SET_ROW(7)
#undef ONNX_REF_SET_ROW
    return;
  }
#define ONNX_REF_STORE_ROW(r)                                                                  \
  _mm512_storeu_pd(c + (r)*ldc, _mm512_add_pd(_mm512_loadu_pd(c + (r)*ldc), c##r##0));         \
  _mm512_storeu_pd(c + (r)*ldc + 8, _mm512_add_pd(_mm512_loadu_pd(c + (r)*ldc + 8), c##r##1)); \
  _mm512_storeu_pd(c + (r)*ldc + 16, _mm512_add_pd(_mm512_loadu_pd(c + (r)*ldc + 16), c##r##2));
  ONNX_REF_STORE_ROW(0)
  ONNX_REF_STORE_ROW(1)
  ONNX_REF_STORE_ROW(2)
  ONNX_REF_STORE_ROW(3)
  ONNX_REF_STORE_ROW(4)
  ONNX_REF_STORE_ROW(5)
  ONNX_REF_STORE_ROW(6)
  ONNX_REF_STORE_ROW(7)
#undef ONNX_REF_STORE_ROW
}

namespace {

// micro_kernel_avx512's sums for the first 8 * V columns of the strip alone: the same FMAs of those
// lanes in the same order, without the FMAs of the zero lanes past them.
template <int V>
[[gnu::target("avx512f"), gnu::always_inline]] inline void narrow_body(int64_t kc, const double* a, const double* b,
                                                                        double* c, int64_t ldc, bool first) {
  __m512d acc[kMR][V];
#pragma GCC unroll 8
  for (int r = 0; r < kMR; ++r)
#pragma GCC unroll 2
    for (int v = 0; v < V; ++v) acc[r][v] = _mm512_set1_pd(-0.0);  // -0 + p is p, even for p = -0
  for (int64_t k = 0; k < kc; ++k, a += kMR, b += kNR) {
    __m512d bv[V];
#pragma GCC unroll 2
    for (int v = 0; v < V; ++v) bv[v] = _mm512_loadu_pd(b + 8 * v);
#pragma GCC unroll 8
    for (int r = 0; r < kMR; ++r) {
      const __m512d x = _mm512_set1_pd(a[r]);
#pragma GCC unroll 2
      for (int v = 0; v < V; ++v) acc[r][v] = _mm512_fmadd_pd(x, bv[v], acc[r][v]);
    }
  }
#pragma GCC unroll 8
  for (int r = 0; r < kMR; ++r)
#pragma GCC unroll 2
    for (int v = 0; v < V; ++v) {
      double* out = c + r * ldc + 8 * v;
      _mm512_storeu_pd(out, first ? acc[r][v] : _mm512_add_pd(_mm512_loadu_pd(out), acc[r][v]));
    }
}

}  // namespace

[[gnu::target("avx512f")]] void micro_kernel_narrow_avx512(int64_t kc, const double* a, const double* b, double* c,
                                                           int64_t ldc, bool first, int vectors) {
  if (vectors == 1)
    narrow_body<1>(kc, a, b, c, ldc, first);
  else
    narrow_body<2>(kc, a, b, c, ldc, first);
}

[[gnu::target("avx512f")]] void micro_kernel_row1_avx512(int64_t kc, const double* a, const double* b, double* c,
                                                         bool first) {
  __m512d c0 = _mm512_set1_pd(-0.0), c1 = c0, c2 = c0;  // -0 + p is p, even for p = -0
  for (int64_t k = 0; k < kc; ++k, a += kMR, b += kNR) {
    const __m512d x = _mm512_set1_pd(a[0]);
    c0 = _mm512_fmadd_pd(x, _mm512_loadu_pd(b), c0);
    c1 = _mm512_fmadd_pd(x, _mm512_loadu_pd(b + 8), c1);
    c2 = _mm512_fmadd_pd(x, _mm512_loadu_pd(b + 16), c2);
  }
  if (!first) {
    c0 = _mm512_add_pd(_mm512_loadu_pd(c), c0);
    c1 = _mm512_add_pd(_mm512_loadu_pd(c + 8), c1);
    c2 = _mm512_add_pd(_mm512_loadu_pd(c + 16), c2);
  }
  _mm512_storeu_pd(c, c0);
  _mm512_storeu_pd(c + 8, c1);
  _mm512_storeu_pd(c + 16, c2);
}

[[gnu::target("avx512f,avx512vl,avx2")]] int64_t decide_floats_avx512(int64_t n, const double* s, RowNorms row,
                                                                      const double* c1, const double* c2,
                                                                      const double* ci, double alpha, const double* bc,
                                                                      double scale, float* y, uint8_t* todo) {
  const __m512d r1 = _mm512_set1_pd(row.l1), r2 = _mm512_set1_pd(row.l2), ri = _mm512_set1_pd(row.linf);
  const __m512d va = _mm512_set1_pd(alpha), abs_alpha = _mm512_set1_pd(alpha < 0 ? -alpha : alpha);
  const __m512d vscale = _mm512_set1_pd(scale), inf = _mm512_set1_pd(__builtin_inf());
  const __m512d two_u = _mm512_set1_pd(0x1p-52), widen_e = _mm512_set1_pd(1 + 0x1p-50);
  const __m512d tiny = _mm512_set1_pd(0x1p-1074);
  int64_t j = 0, undecided = 0;
  for (; j + 8 <= n; j += 8) {
    const __m512d bound = _mm512_min_pd(
        _mm512_min_pd(_mm512_mul_pd(r2, _mm512_loadu_pd(c2 + j)), _mm512_mul_pd(r1, _mm512_loadu_pd(ci + j))),
        _mm512_mul_pd(ri, _mm512_loadu_pd(c1 + j)));
    const __m512d E = _mm512_mul_pd(vscale, bound);
    const __m512d as = _mm512_mul_pd(va, _mm512_loadu_pd(s + j));
    const __m512d t = bc ? _mm512_add_pd(as, _mm512_loadu_pd(bc + j)) : as;
    // The same steps as scale() and decide_small, in the same order (so the same roundings).
    const __m512d Et = _mm512_add_pd(_mm512_mul_pd(abs_alpha, E),
                                     _mm512_mul_pd(two_u, _mm512_add_pd(_mm512_abs_pd(as), _mm512_abs_pd(t))));
    const __m512d e =
        _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(Et, widen_e), _mm512_mul_pd(_mm512_abs_pd(t), two_u)), tiny);
    const __m256 lo = _mm512_cvtpd_ps(_mm512_sub_pd(t, e)), hi = _mm512_cvtpd_ps(_mm512_add_pd(t, e));
    // Decided: t and Et finite (ordered and below infinity), E not zero (decide_small treats E == 0
    // apart), and both ends give the same float bits.
    const __mmask8 finite = _mm512_cmp_pd_mask(_mm512_abs_pd(t), inf, _CMP_LT_OQ) &
                            _mm512_cmp_pd_mask(Et, inf, _CMP_LT_OQ) &
                            _mm512_cmp_pd_mask(Et, _mm512_setzero_pd(), _CMP_NEQ_OQ);
    const __m256i same = _mm256_cmpeq_epi32(_mm256_castps_si256(lo), _mm256_castps_si256(hi));
    const __mmask8 ok = finite & static_cast<__mmask8>(_mm256_movemask_ps(_mm256_castsi256_ps(same)));
    _mm256_mask_storeu_ps(y + j, ok, lo);
    // todo[j + q] = 1 where bit q of ok is clear: the eight bytes of one word.
    std::memcpy(todo + j, &kByteFlags[static_cast<uint8_t>(~ok)], 8);
    undecided += __builtin_popcount(static_cast<uint8_t>(~ok));
  }
  for (; j < n; ++j, ++undecided) todo[j] = 1;
  return undecided;
}

[[gnu::target("avx512f")]] void add_norms_avx512(const double* packed, int64_t strips, int64_t kc, int64_t width,
                                                 double* l1, double* l2sq, double* linf) {
  const int64_t lanes = width / 8;  // 1 or 3 registers per step
  for (int64_t s = 0; s < strips; ++s)
    for (int64_t q = 0; q < lanes; ++q) {
      double* n1 = l1 + s * width + q * 8;
      double* n2 = l2sq + s * width + q * 8;
      double* ni = linf + s * width + q * 8;
      __m512d a1 = _mm512_loadu_pd(n1), a2 = _mm512_loadu_pd(n2), ai = _mm512_loadu_pd(ni);
      const double* v = packed + s * kc * width + q * 8;
      for (int64_t kk = 0; kk < kc; ++kk, v += width) {
        const __m512d x = _mm512_abs_pd(_mm512_loadu_pd(v));
        a1 = _mm512_add_pd(a1, x);
        a2 = _mm512_add_pd(a2, _mm512_mul_pd(x, x));  // exact: x has at most 24 significant bits
        ai = _mm512_max_pd(ai, x);
      }
      _mm512_storeu_pd(n1, a1);
      _mm512_storeu_pd(n2, a2);
      _mm512_storeu_pd(ni, ai);
    }
}

[[gnu::target("avx512f,avx2")]] void pack_float_rows8_avx512(const float* row0, int64_t row_stride, int64_t kc,
                                                             double* out) {
  const __m256i offsets =
      _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(static_cast<int>(row_stride)));
  for (int64_t kk = 0; kk < kc; ++kk)
    _mm512_storeu_pd(out + kk * 8, _mm512_cvtps_pd(_mm256_i32gather_ps(row0 + kk, offsets, 4)));
}

[[gnu::target("avx512f,avx512vl")]] void pack_float_strip24_avx512(const float* src, int64_t row_stride, int64_t kc,
                                                                   int64_t cn, double* out, double* l1, double* l2sq,
                                                                   double* linf) {
  auto lanes = [cn](int64_t first) {
    const int64_t n = std::clamp<int64_t>(cn - first, 0, 8);
    return static_cast<__mmask8>((1u << n) - 1);
  };
  const __mmask8 m0 = lanes(0), m1 = lanes(8), m2 = lanes(16);
  __m512d n10 = _mm512_loadu_pd(l1), n11 = _mm512_loadu_pd(l1 + 8), n12 = _mm512_loadu_pd(l1 + 16);
  __m512d n20 = _mm512_loadu_pd(l2sq), n21 = _mm512_loadu_pd(l2sq + 8), n22 = _mm512_loadu_pd(l2sq + 16);
  __m512d ni0 = _mm512_loadu_pd(linf), ni1 = _mm512_loadu_pd(linf + 8), ni2 = _mm512_loadu_pd(linf + 16);
  for (int64_t kk = 0; kk < kc; ++kk, src += row_stride, out += 24) {
    // Lanes past cn load as zeros, as the packer's zero columns; their norms gain nothing.
    const __m512d x0 = _mm512_cvtps_pd(_mm256_maskz_loadu_ps(m0, src));
    const __m512d x1 = _mm512_cvtps_pd(_mm256_maskz_loadu_ps(m1, src + 8));
    const __m512d x2 = _mm512_cvtps_pd(_mm256_maskz_loadu_ps(m2, src + 16));
    _mm512_storeu_pd(out, x0);
    _mm512_storeu_pd(out + 8, x1);
    _mm512_storeu_pd(out + 16, x2);
    // add_norms_avx512's steps, in its order.
    const __m512d a0 = _mm512_abs_pd(x0), a1 = _mm512_abs_pd(x1), a2 = _mm512_abs_pd(x2);
    n10 = _mm512_add_pd(n10, a0);
    n11 = _mm512_add_pd(n11, a1);
    n12 = _mm512_add_pd(n12, a2);
    n20 = _mm512_add_pd(n20, _mm512_mul_pd(a0, a0));  // exact: at most 24 significant bits
    n21 = _mm512_add_pd(n21, _mm512_mul_pd(a1, a1));
    n22 = _mm512_add_pd(n22, _mm512_mul_pd(a2, a2));
    ni0 = _mm512_max_pd(ni0, a0);
    ni1 = _mm512_max_pd(ni1, a1);
    ni2 = _mm512_max_pd(ni2, a2);
  }
  _mm512_storeu_pd(l1, n10);
  _mm512_storeu_pd(l1 + 8, n11);
  _mm512_storeu_pd(l1 + 16, n12);
  _mm512_storeu_pd(l2sq, n20);
  _mm512_storeu_pd(l2sq + 8, n21);
  _mm512_storeu_pd(l2sq + 16, n22);
  _mm512_storeu_pd(linf, ni0);
  _mm512_storeu_pd(linf + 8, ni1);
  _mm512_storeu_pd(linf + 16, ni2);
}

[[gnu::target("avx512f,avx512vl")]] void widen_floats_avx512(const float* src, int64_t n, double* dst) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) _mm512_storeu_pd(dst + i, _mm512_cvtps_pd(_mm256_loadu_ps(src + i)));
  if (i < n) {
    const __mmask8 m = static_cast<__mmask8>((1u << (n - i)) - 1);
    _mm512_mask_storeu_pd(dst + i, m, _mm512_cvtps_pd(_mm256_castsi256_ps(_mm256_maskz_loadu_epi32(m, src + i))));
  }
}

[[gnu::target("avx512f,avx512vl")]] void add_scaled_floats_avx512(int64_t n, double w, const float* src, double* acc,
                                                                  double* mag) {
  const __m512d vw = _mm512_set1_pd(w);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m512d p = _mm512_mul_pd(vw, _mm512_cvtps_pd(_mm256_loadu_ps(src + i)));
    _mm512_storeu_pd(acc + i, _mm512_add_pd(_mm512_loadu_pd(acc + i), p));
    _mm512_storeu_pd(mag + i, _mm512_add_pd(_mm512_loadu_pd(mag + i), _mm512_abs_pd(p)));
  }
  for (; i < n; ++i) {
    const double p = w * static_cast<double>(src[i]);
    acc[i] += p;
    mag[i] += p < 0 ? -p : p;
  }
}

[[gnu::target("avx512f,avx512vl,avx2")]] void add_scaled_floats_strided_avx512(int64_t n, double w, const float* src,
                                                                               int64_t stride, double* acc,
                                                                               double* mag) {
  const __m512d vw = _mm512_set1_pd(w);
  const __m256i offsets =
      _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(static_cast<int>(stride)));
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m512d p = _mm512_mul_pd(vw, _mm512_cvtps_pd(_mm256_i32gather_ps(src + i * stride, offsets, 4)));
    _mm512_storeu_pd(acc + i, _mm512_add_pd(_mm512_loadu_pd(acc + i), p));
    _mm512_storeu_pd(mag + i, _mm512_add_pd(_mm512_loadu_pd(mag + i), _mm512_abs_pd(p)));
  }
  for (; i < n; ++i) {
    const double p = w * static_cast<double>(src[i * stride]);
    acc[i] += p;
    mag[i] += p < 0 ? -p : p;
  }
}

[[gnu::target("avx512f,avx512vl")]] void add_to_all_avx512(int64_t n, double v, double* acc) {
  const __m512d vv = _mm512_set1_pd(v);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) _mm512_storeu_pd(acc + i, _mm512_add_pd(_mm512_loadu_pd(acc + i), vv));
  for (; i < n; ++i) acc[i] += v;
}

bool cpu_has_avx512() {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx2");
  }();
  return has;
}

bool cpu_has_avx2_fma() {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  }();
  return has;
}

}  // namespace onnx_ref::gemm::tiled
