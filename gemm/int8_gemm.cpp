// The 8-bit integer product kernels (gemm/int8_gemm.h): packing and micro-kernels, AVX-512 VNNI,
// AVX2 and portable, on one layout. Every sum is taken in uint32_t or in int32 vector lanes, both
// modulo 2^32 (the header's argument).
#include "gemm/int8_gemm.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <immintrin.h>

#include "runtime/error.h"
#include "runtime/tensor.h"

// GCC 12's AVX-512 intrinsics pass _mm512_undefined_*() (a self-initialised variable) as the
// unused source of their unmasked forms, which -Wmaybe-uninitialized reports wherever they inline.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

namespace onnx_ref::gemm {

namespace {

constexpr int kPanel = kInt8PanelCols;
constexpr int kMaxRows = 8;  // rows of A per micro-kernel call: 8 x 2 vectors = 16 accumulators

Int8Kernel detected_kernel() {
  static const Int8Kernel kernel = [] {
    __builtin_cpu_init();
    const char* off = std::getenv("ONNX_REF_NO_AVX512");
    const bool avx512 = !(off && *off) && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vnni") &&
                        __builtin_cpu_supports("avx512vbmi");
    if (avx512) return Int8Kernel::Avx512Vnni;
    return __builtin_cpu_supports("avx2") ? Int8Kernel::Avx2 : Int8Kernel::Portable;
  }();
  return kernel;
}

std::atomic<int> g_limit{static_cast<int>(Int8Kernel::Avx512Vnni)};

Int8Kernel current_kernel() {
  return static_cast<Int8Kernel>(
      std::min(static_cast<int>(detected_kernel()), g_limit.load(std::memory_order_relaxed)));
}

bool use_vnni() { return current_kernel() == Int8Kernel::Avx512Vnni; }

// The byte that moves an operand into the multiplied representation (see the header).
inline uint8_t a_flip(bool a_signed) { return a_signed ? 0 : 0x80; }
inline uint8_t b_flip(bool b_signed) { return b_signed ? 0x80 : 0; }
inline uint32_t shifted_b_zero(int32_t zb, bool b_signed) { return static_cast<uint32_t>(zb) + (b_signed ? 128u : 0u); }

// ---- Portable kernels ----

void pack_panel_portable(const uint8_t* b, bool b_signed, int64_t K, int64_t ldb, int64_t n0, int cols,
                         Int8Panel& panel) {
  const int64_t Kp = (K + 3) / 4 * 4;
  const uint8_t flip = b_flip(b_signed);
  uint8_t* out = panel.bytes.data();
  uint32_t sums[kPanel] = {};
  for (int64_t k4 = 0; k4 < Kp / 4; ++k4)
    for (int j = 0; j < kPanel; ++j)
      for (int t = 0; t < 4; ++t) {
        const int64_t k = k4 * 4 + t;
        const uint8_t v = j < cols && k < K ? static_cast<uint8_t>(b[k * ldb + n0 + j] ^ flip) : 0;
        out[k4 * 128 + j * 4 + t] = v;
        sums[j] += v;
      }
  for (int j = 0; j < kPanel; ++j) panel.colsum[j] = static_cast<int32_t>(sums[j]);
}

void pack_conv_portable(const Int8ConvWindow& w, int64_t p0, int cols, Int8Panel& panel) {
  const int64_t K = w.C * w.KH * w.KW, Kp = (K + 3) / 4 * 4;
  const uint8_t flip = b_flip(w.x_signed);
  // Each column's first input row and column (before the tap's offsets).
  int64_t row0[kPanel], col0[kPanel];
  for (int j = 0; j < cols; ++j) {
    row0[j] = (p0 + j) / w.OW * w.stride_h - w.pad_top;
    col0[j] = (p0 + j) % w.OW * w.stride_w - w.pad_left;
  }
  uint8_t* out = panel.bytes.data();
  std::memset(out, 0, static_cast<size_t>(Kp) * kPanel);
  uint32_t sums[kPanel] = {};
  int64_t c = 0, kh = 0, kw = 0;  // tap k
  for (int64_t k = 0; k < K; ++k) {
    const uint8_t* plane = w.x + c * w.H * w.W;
    uint8_t* g = out + (k / 4) * 128 + k % 4;
    for (int j = 0; j < cols; ++j) {
      const int64_t ih = row0[j] + kh * w.dilation_h, iw = col0[j] + kw * w.dilation_w;
      const bool inside = ih >= 0 && ih < w.H && iw >= 0 && iw < w.W;
      const uint8_t v = static_cast<uint8_t>((inside ? plane[ih * w.W + iw] : w.x_zero_point) ^ flip);
      g[j * 4] = v;
      sums[j] += v;
    }
    if (++kw == w.KW) {
      kw = 0;
      if (++kh == w.KH) kh = 0, ++c;
    }
  }
  for (int j = 0; j < kPanel; ++j) panel.colsum[j] = static_cast<int32_t>(sums[j]);
}

void product_portable(const Int8Rows& a, int64_t row0, int64_t rows, const Int8Panel& panel, int32_t* y, int64_t ldy) {
  const int64_t K4 = a.Kp / 4;
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t m = row0 + r;
    const int8_t* pa = a.values.data() + m * a.Kp;
    uint32_t acc[kPanel] = {};
    for (int64_t k4 = 0; k4 < K4; ++k4) {
      const uint8_t* pb = panel.bytes.data() + k4 * 128;
      for (int j = 0; j < kPanel; ++j)
        for (int t = 0; t < 4; ++t)
          acc[j] += static_cast<uint32_t>(static_cast<int32_t>(pa[k4 * 4 + t]) * static_cast<int32_t>(pb[j * 4 + t]));
    }
    const uint32_t za = static_cast<uint32_t>(a.zero[m]), u = static_cast<uint32_t>(a.offset[m]),
                   bias = static_cast<uint32_t>(a.bias[m]);
    for (int j = 0; j < panel.cols; ++j)
      y[r * ldy + j] = static_cast<int32_t>(acc[j] - static_cast<uint32_t>(panel.zero[j]) * u -
                                            za * static_cast<uint32_t>(panel.colsum[j]) + bias);
  }
}

// ---- AVX2 kernel ----

// The panel is widened to int16 once per call (block i of group k4: columns 4i .. 4i + 3, four taps
// each, at (k4 * 8 + i) * 16); vpmaddwd then gives, per column, the two exact sums of two products
// (each |product| <= 32640), and the int32 additions wrap modulo 2^32.
[[gnu::target("avx2")]] void product_avx2(const Int8Rows& a, int64_t row0, int64_t rows, const Int8Panel& panel,
                                          int32_t* y, int64_t ldy) {
  const int64_t K4 = a.Kp / 4;
  thread_local std::vector<int16_t> wide;
  const MemoryCharge wide_charge =
      charge_memory(static_cast<uint64_t>(K4) * 128 * sizeof(int16_t), "an 8-bit product's widened panel");
  wide.resize(static_cast<size_t>(K4) * 128);
  for (int64_t i = 0; i < K4 * 8; ++i)
    _mm256_storeu_si256(
        reinterpret_cast<__m256i*>(wide.data() + i * 16),
        _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(panel.bytes.data() + i * 16))));
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t m = row0 + r;
    const int8_t* pa = a.values.data() + m * a.Kp;
    __m256i acc[8];
    for (auto& v : acc) v = _mm256_setzero_si256();
    for (int64_t k4 = 0; k4 < K4; ++k4) {
      const uint64_t word = static_cast<uint16_t>(pa[k4 * 4]) |
                            static_cast<uint64_t>(static_cast<uint16_t>(pa[k4 * 4 + 1])) << 16 |
                            static_cast<uint64_t>(static_cast<uint16_t>(pa[k4 * 4 + 2])) << 32 |
                            static_cast<uint64_t>(static_cast<uint16_t>(pa[k4 * 4 + 3])) << 48;
      const __m256i av = _mm256_set1_epi64x(static_cast<long long>(word));
      const int16_t* pb = wide.data() + k4 * 128;
      for (int i = 0; i < 8; ++i)
        acc[i] = _mm256_add_epi32(
            acc[i], _mm256_madd_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(pb + i * 16)), av));
    }
    const __m256i u = _mm256_set1_epi32(a.offset[m]), za = _mm256_set1_epi32(a.zero[m]),
                  bias = _mm256_set1_epi32(a.bias[m]);
    alignas(32) int32_t out[kPanel];
    for (int q = 0; q < 4; ++q) {
      // Adjacent lanes hold one column's two halves; hadd pairs them, in 64-bit chunks 0, 2, 1, 3.
      const __m256i sums = _mm256_permute4x64_epi64(_mm256_hadd_epi32(acc[2 * q], acc[2 * q + 1]), 0xD8);
      const __m256i zb = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(panel.zero + q * 8));
      const __m256i cs = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(panel.colsum + q * 8));
      __m256i v = _mm256_sub_epi32(sums, _mm256_mullo_epi32(zb, u));
      v = _mm256_add_epi32(_mm256_sub_epi32(v, _mm256_mullo_epi32(za, cs)), bias);
      _mm256_store_si256(reinterpret_cast<__m256i*>(out + q * 8), v);
    }
    std::memcpy(y + r * ldy, out, static_cast<size_t>(panel.cols) * sizeof(int32_t));
  }
}

// ---- AVX-512 VNNI kernels ----

#define ONNX_REF_VNNI [[gnu::target("avx512f,avx512bw,avx512vl,avx512vnni,avx512vbmi")]]

// Bytes t * 16 + j of four 16-byte rows (taps t = 0..3, columns j) to j * 4 + t: the panel layout.
ONNX_REF_VNNI inline __m512i interleave_taps(__m512i taps) {
  alignas(64) static const uint8_t idx[64] = {0,  16, 32, 48, 1,  17, 33, 49, 2,  18, 34, 50, 3,  19, 35, 51,
                                              4,  20, 36, 52, 5,  21, 37, 53, 6,  22, 38, 54, 7,  23, 39, 55,
                                              8,  24, 40, 56, 9,  25, 41, 57, 10, 26, 42, 58, 11, 27, 43, 59,
                                              12, 28, 44, 60, 13, 29, 45, 61, 14, 30, 46, 62, 15, 31, 47, 63};
  return _mm512_permutexvar_epi8(_mm512_load_si512(idx), taps);
}

ONNX_REF_VNNI inline __m512i four_rows(__m128i r0, __m128i r1, __m128i r2, __m128i r3) {
  __m512i v = _mm512_zextsi128_si512(r0);
  v = _mm512_inserti32x4(v, r1, 1);
  v = _mm512_inserti32x4(v, r2, 2);
  return _mm512_inserti32x4(v, r3, 3);
}

inline __mmask16 low_lanes16(int n) { return n >= 16 ? 0xFFFF : static_cast<__mmask16>((1u << n) - 1); }

ONNX_REF_VNNI void pack_panel_vnni(const uint8_t* b, bool b_signed, int64_t K, int64_t ldb, int64_t n0, int cols,
                                   Int8Panel& panel) {
  const int64_t Kp = (K + 3) / 4 * 4;
  const __m128i flip = _mm_set1_epi8(static_cast<char>(b_flip(b_signed)));
  const __m512i ones = _mm512_set1_epi8(1);
  __m512i sum0 = _mm512_setzero_si512(), sum1 = _mm512_setzero_si512();
  const __mmask16 m0 = low_lanes16(cols), m1 = low_lanes16(std::max(0, cols - 16));
  uint8_t* out = panel.bytes.data();
  for (int64_t k4 = 0; k4 < Kp / 4; ++k4) {
    for (int h = 0; h < 2; ++h) {
      const __mmask16 m = h ? m1 : m0;
      __m128i r[4];
      for (int t = 0; t < 4; ++t) {
        const int64_t k = k4 * 4 + t;
        r[t] = k < K && m
                   ? _mm_xor_si128(_mm_maskz_loadu_epi8(m, b + k * ldb + n0 + h * 16), _mm_maskz_mov_epi8(m, flip))
                   : _mm_setzero_si128();
      }
      const __m512i v = interleave_taps(four_rows(r[0], r[1], r[2], r[3]));
      _mm512_storeu_si512(out + k4 * 128 + h * 64, v);
      if (h)
        sum1 = _mm512_dpbusd_epi32(sum1, v, ones);
      else
        sum0 = _mm512_dpbusd_epi32(sum0, v, ones);
    }
  }
  _mm512_storeu_si512(panel.colsum, sum0);
  _mm512_storeu_si512(panel.colsum + 16, sum1);
}

template <int R>
ONNX_REF_VNNI void product_vnni_rows(const Int8Rows& a, int64_t row0, const Int8Panel& panel, int32_t* y, int64_t ldy) {
  __m512i acc[R][2];
  for (int r = 0; r < R; ++r) acc[r][0] = acc[r][1] = _mm512_setzero_si512();
  const int8_t* pa = a.values.data() + row0 * a.Kp;
  const uint8_t* pb = panel.bytes.data();
  const int64_t K4 = a.Kp / 4;
  for (int64_t k4 = 0; k4 < K4; ++k4) {
    const __m512i b0 = _mm512_loadu_si512(pb + k4 * 128);
    const __m512i b1 = _mm512_loadu_si512(pb + k4 * 128 + 64);
    for (int r = 0; r < R; ++r) {
      int32_t word;
      std::memcpy(&word, pa + r * a.Kp + k4 * 4, 4);
      const __m512i av = _mm512_set1_epi32(word);
      acc[r][0] = _mm512_dpbusd_epi32(acc[r][0], b0, av);
      acc[r][1] = _mm512_dpbusd_epi32(acc[r][1], b1, av);
    }
  }
  const __m512i zb0 = _mm512_loadu_si512(panel.zero), zb1 = _mm512_loadu_si512(panel.zero + 16);
  const __m512i cs0 = _mm512_loadu_si512(panel.colsum), cs1 = _mm512_loadu_si512(panel.colsum + 16);
  const __mmask16 m0 = low_lanes16(panel.cols), m1 = low_lanes16(std::max(0, panel.cols - 16));
  for (int r = 0; r < R; ++r) {
    const int64_t m = row0 + r;
    const __m512i u = _mm512_set1_epi32(a.offset[m]), za = _mm512_set1_epi32(a.zero[m]),
                  bias = _mm512_set1_epi32(a.bias[m]);
    __m512i v0 = _mm512_sub_epi32(acc[r][0], _mm512_mullo_epi32(zb0, u));
    __m512i v1 = _mm512_sub_epi32(acc[r][1], _mm512_mullo_epi32(zb1, u));
    v0 = _mm512_add_epi32(_mm512_sub_epi32(v0, _mm512_mullo_epi32(za, cs0)), bias);
    v1 = _mm512_add_epi32(_mm512_sub_epi32(v1, _mm512_mullo_epi32(za, cs1)), bias);
    _mm512_mask_storeu_epi32(y + r * ldy, m0, v0);
    if (m1) _mm512_mask_storeu_epi32(y + r * ldy + 16, m1, v1);
  }
}

// The last `rows` (fewer than N + 1) rows, with the micro-kernel instantiated for their count.
template <int N>
ONNX_REF_VNNI void product_vnni_tail(const Int8Rows& a, int64_t row0, int64_t rows, const Int8Panel& panel, int32_t* y,
                                     int64_t ldy) {
  if constexpr (N > 0) {
    if (rows == N) return product_vnni_rows<N>(a, row0, panel, y, ldy);
    product_vnni_tail<N - 1>(a, row0, rows, panel, y, ldy);
  }
}

ONNX_REF_VNNI void product_vnni(const Int8Rows& a, int64_t row0, int64_t rows, const Int8Panel& panel, int32_t* y,
                                int64_t ldy) {
  for (; rows >= kMaxRows; rows -= kMaxRows, row0 += kMaxRows, y += kMaxRows * ldy)
    product_vnni_rows<kMaxRows>(a, row0, panel, y, ldy);
  product_vnni_tail<kMaxRows - 1>(a, row0, rows, panel, y, ldy);
}

// The columns [j0, j1) of a 16-column half that lie in one output row (oh, from column ow0).
struct Segment {
  int j0 = 0, j1 = 0;
  int64_t oh = 0, ow0 = 0;
};

int row_segments(const Int8ConvWindow& w, int64_t p, int n, Segment* seg) {
  int count = 0;
  for (int j0 = 0; j0 < n;) {
    const int64_t oh = (p + j0) / w.OW, ow0 = (p + j0) % w.OW;
    const int j1 = static_cast<int>(std::min<int64_t>(n, j0 + (w.OW - ow0)));
    seg[count++] = {j0, j1, oh, ow0};
    j0 = j1;
  }
  return count;
}

inline uint64_t bits_below(int64_t n) { return n >= 64 ? ~uint64_t{0} : n <= 0 ? 0 : (uint64_t{1} << n) - 1; }

// One tap's bytes for the segments of a half: a masked load of the input row (only columns inside
// it, every stride-th byte) and a byte permutation that moves byte (j - j0) * s to lane j; taps in
// the padding read the raw zero point. `pick` is lane j -> byte j * s, `every` the bits at
// multiples of s.
ONNX_REF_VNNI __m128i conv_tap_vector(const Int8ConvWindow& w, int64_t c, int64_t kh, int64_t kw, const Segment* seg,
                                      int segments, __m512i pick, uint64_t every, __m512i pad) {
  const int64_t s = w.stride_w;
  __m512i out = _mm512_setzero_si512();
  for (int g = 0; g < segments; ++g) {
    const Segment& sg = seg[g];
    const __mmask64 lanes = bits_below(sg.j1) & ~bits_below(sg.j0);
    const int64_t ih = sg.oh * w.stride_h - w.pad_top + kh * w.dilation_h;
    if (ih < 0 || ih >= w.H) {
      out = _mm512_mask_mov_epi8(out, lanes, pad);
      continue;
    }
    // Byte i of the load is input column iw0 + i.
    const int64_t iw0 = sg.ow0 * s - w.pad_left + kw * w.dilation_w;
    const int64_t span = static_cast<int64_t>(sg.j1 - sg.j0) * s;
    const int64_t lo = std::max<int64_t>(0, -iw0), hi = std::min<int64_t>(span, w.W - iw0);
    const __mmask64 load = every & bits_below(hi) & ~bits_below(lo);
    const uint8_t* row = w.x + (c * w.H + ih) * w.W;
    // The masked load touches only columns inside the row; its base address may lie before it.
    const uint8_t* start =
        reinterpret_cast<const uint8_t*>(reinterpret_cast<uintptr_t>(row) + static_cast<uintptr_t>(iw0));
    const __m512i bytes = _mm512_mask_loadu_epi8(pad, load, start);
    const __m512i shift = _mm512_sub_epi8(pick, _mm512_set1_epi8(static_cast<char>(sg.j0 * s)));
    out = _mm512_mask_permutexvar_epi8(out, lanes, shift, bytes);
  }
  return _mm512_castsi512_si128(out);
}

// Four taps of 32 columns interleaved into the panel layout (128 bytes at `out`, two permutations
// by `spread0` and `spread1`), and their bytes added per column to `sums` (dot products with `ones`).
ONNX_REF_VNNI inline void store_four_taps(const __m256i (&tap)[4], __m512i spread0, __m512i spread1, __m512i ones,
                                          uint8_t* out, __m512i (&sums)[2]) {
  const __m512i a = _mm512_inserti64x4(_mm512_zextsi256_si512(tap[0]), tap[1], 1);
  const __m512i b = _mm512_inserti64x4(_mm512_zextsi256_si512(tap[2]), tap[3], 1);
  const __m512i v0 = _mm512_permutex2var_epi8(a, spread0, b), v1 = _mm512_permutex2var_epi8(a, spread1, b);
  _mm512_storeu_si512(out, v0);
  _mm512_storeu_si512(out + 64, v1);
  sums[0] = _mm512_dpbusd_epi32(sums[0], v0, ones);
  sums[1] = _mm512_dpbusd_epi32(sums[1], v1, ones);
}

// The common case: the panel's columns lie in one output row and the stride along it is 1 or 2.
// Each tap is then one masked load of the input row (32 or 64 bytes; every other byte picked for
// stride 2), and two two-source byte permutations interleave four taps into the panel layout.
ONNX_REF_VNNI void pack_conv_row_vnni(const Int8ConvWindow& w, int64_t p0, int cols, Int8Panel& panel) {
  alignas(64) static const uint8_t evens[64] = {0,  2,  4,  6,  8,  10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30,
                                                32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62,
                                                0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
                                                0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0};
  // Output byte j * 4 + t of half h is tap t's column 16 h + j: taps 0, 1 in the first source
  // (bytes 0-31, 32-63), taps 2, 3 in the second (64-95, 96-127).
  alignas(64) static const uint8_t spread[2][64] = {
      {0,  32,  64, 96,  1,  33,  65, 97,  2,  34,  66, 98,  3,  35,  67, 99,  4,  36,  68, 100, 5,  37,
       69, 101, 6,  38,  70, 102, 7,  39,  71, 103, 8,  40,  72, 104, 9,  41,  73, 105, 10, 42,  74, 106,
       11, 43,  75, 107, 12, 44,  76, 108, 13, 45,  77, 109, 14, 46,  78, 110, 15, 47,  79, 111},
      {16, 48,  80, 112, 17, 49,  81, 113, 18, 50,  82, 114, 19, 51,  83, 115, 20, 52,  84, 116, 21, 53,
       85, 117, 22, 54,  86, 118, 23, 55,  87, 119, 24, 56,  88, 120, 25, 57,  89, 121, 26, 58,  90, 122,
       27, 59,  91, 123, 28, 60,  92, 124, 29, 61,  93, 125, 30, 62,  94, 126, 31, 63,  95, 127}};
  const int64_t oh = p0 / w.OW, ow0 = p0 % w.OW, s = w.stride_w;
  const int64_t K = w.C * w.KH * w.KW, Kp = (K + 3) / 4 * 4;
  const __mmask32 valid = static_cast<__mmask32>(bits_below(cols));
  const __m256i flip = _mm256_set1_epi8(static_cast<char>(b_flip(w.x_signed)));
  const __m512i pad = _mm512_set1_epi8(static_cast<char>(w.x_zero_point));
  const __m512i pick = _mm512_load_si512(evens);
  const __m512i spread0 = _mm512_load_si512(spread[0]), spread1 = _mm512_load_si512(spread[1]);
  const __m512i ones = _mm512_set1_epi8(1);
  __m512i sums[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
  uint8_t* out = panel.bytes.data();
  // A full panel whose every tap reads inside the input (no padding, no row end within the load)
  // takes plain loads from a pointer that walks the taps.
  const int64_t ih_first = oh * w.stride_h - w.pad_top, iw_first = ow0 * s - w.pad_left;
  const bool interior = cols == kPanel && ih_first >= 0 && ih_first + (w.KH - 1) * w.dilation_h < w.H &&
                        iw_first >= 0 && iw_first + (w.KW - 1) * w.dilation_w + kPanel * s <= w.W;
  int64_t c = 0, kh = 0, kw = 0;                             // the tap k4 * 4 + t
  const uint8_t* tap_row = w.x + ih_first * w.W + iw_first;  // interior: tap (c, kh, 0)'s first byte
  for (int64_t k4 = 0; interior && k4 < Kp / 4; ++k4) {
    __m256i tap[4];
    for (int t = 0; t < 4; ++t) {
      if (k4 * 4 + t >= K) {
        tap[t] = _mm256_setzero_si256();
        continue;
      }
      const uint8_t* p = tap_row + kw * w.dilation_w;
      const __m256i v = s == 1 ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))
                               : _mm512_castsi512_si256(_mm512_permutexvar_epi8(pick, _mm512_loadu_si512(p)));
      tap[t] = _mm256_xor_si256(v, flip);
      if (++kw == w.KW) {
        kw = 0;
        tap_row += w.dilation_h * w.W;
        if (++kh == w.KH) kh = 0, ++c, tap_row += (w.H - w.KH * w.dilation_h) * w.W;
      }
    }
    store_four_taps(tap, spread0, spread1, ones, out + k4 * 128, sums);
  }
  for (int64_t k4 = 0; !interior && k4 < Kp / 4; ++k4) {
    __m256i tap[4];
    for (int t = 0; t < 4; ++t) {
      if (k4 * 4 + t >= K) {
        tap[t] = _mm256_setzero_si256();
        continue;
      }
      const int64_t ih = oh * w.stride_h - w.pad_top + kh * w.dilation_h;
      __m256i v = _mm512_castsi512_si256(pad);
      if (ih >= 0 && ih < w.H) {
        // Byte i of the load is input column iw0 + i; only columns inside the row are read (the
        // base address may lie before the row).
        const int64_t iw0 = ow0 * s - w.pad_left + kw * w.dilation_w;
        const int64_t lo = std::max<int64_t>(0, -iw0), hi = std::min<int64_t>(cols * s, w.W - iw0);
        const uint8_t* start = reinterpret_cast<const uint8_t*>(
            reinterpret_cast<uintptr_t>(w.x + (c * w.H + ih) * w.W) + static_cast<uintptr_t>(iw0));
        const uint64_t load = bits_below(hi) & ~bits_below(lo);
        if (s == 1) {
          v = _mm256_mask_loadu_epi8(v, static_cast<__mmask32>(load), start);
        } else {
          const __m512i bytes = _mm512_mask_loadu_epi8(pad, load, start);
          v = _mm512_castsi512_si256(_mm512_permutexvar_epi8(pick, bytes));
        }
      }
      tap[t] = _mm256_maskz_mov_epi8(valid, _mm256_xor_si256(v, flip));
      if (++kw == w.KW) {
        kw = 0;
        if (++kh == w.KH) kh = 0, ++c;
      }
    }
    store_four_taps(tap, spread0, spread1, ones, out + k4 * 128, sums);
  }
  _mm512_storeu_si512(panel.colsum, sums[0]);
  _mm512_storeu_si512(panel.colsum + 16, sums[1]);
}

ONNX_REF_VNNI void pack_conv_vnni(const Int8ConvWindow& w, int64_t p0, int cols, Int8Panel& panel) {
  if (w.stride_w > 4) return pack_conv_portable(w, p0, cols, panel);
  if (w.stride_w <= 2 && p0 % w.OW + cols <= w.OW) return pack_conv_row_vnni(w, p0, cols, panel);
  alignas(64) static const uint8_t iota[64] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
                                               16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
                                               32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
                                               48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63};
  const int64_t s = w.stride_w;
  const __m512i lane = _mm512_load_si512(iota);
  __m512i pick = lane;
  for (int64_t i = 1; i < s; ++i) pick = _mm512_add_epi8(pick, lane);
  uint64_t every = 0;
  for (int64_t i = 0; i < 64; i += s) every |= uint64_t{1} << i;
  const __m512i pad = _mm512_set1_epi8(static_cast<char>(w.x_zero_point));
  const int64_t K = w.C * w.KH * w.KW, Kp = (K + 3) / 4 * 4;
  const __m128i flip = _mm_set1_epi8(static_cast<char>(b_flip(w.x_signed)));
  const __m512i ones = _mm512_set1_epi8(1);
  Segment seg[2][16];
  int segments[2], n[2];
  for (int h = 0; h < 2; ++h) {
    n[h] = std::clamp(cols - h * 16, 0, 16);
    segments[h] = row_segments(w, p0 + h * 16, n[h], seg[h]);
  }
  __m512i sums[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
  uint8_t* out = panel.bytes.data();
  int64_t c = 0, kh = 0, kw = 0;  // the tap k4 * 4 + t
  for (int64_t k4 = 0; k4 < Kp / 4; ++k4) {
    int64_t tc[4], th[4], tw[4];
    for (int t = 0; t < 4; ++t) {
      tc[t] = c, th[t] = kh, tw[t] = kw;
      if (++kw == w.KW) {
        kw = 0;
        if (++kh == w.KH) kh = 0, ++c;
      }
    }
    for (int h = 0; h < 2; ++h) {
      __m512i v = _mm512_setzero_si512();
      if (n[h] > 0) {
        const __m128i flip_n = _mm_maskz_mov_epi8(low_lanes16(n[h]), flip);
        __m128i r[4];
        for (int t = 0; t < 4; ++t)
          r[t] = k4 * 4 + t < K
                     ? _mm_xor_si128(conv_tap_vector(w, tc[t], th[t], tw[t], seg[h], segments[h], pick, every, pad),
                                     flip_n)
                     : _mm_setzero_si128();
        v = interleave_taps(four_rows(r[0], r[1], r[2], r[3]));
      }
      _mm512_storeu_si512(out + k4 * 128 + h * 64, v);
      sums[h] = _mm512_dpbusd_epi32(sums[h], v, ones);
    }
  }
  _mm512_storeu_si512(panel.colsum, sums[0]);
  _mm512_storeu_si512(panel.colsum + 16, sums[1]);
}

}  // namespace

Int8Kernel int8_kernel() { return current_kernel(); }
bool int8_uses_avx512() { return use_vnni(); }

void set_int8_kernel_limit(Int8Kernel limit) { g_limit.store(static_cast<int>(limit), std::memory_order_relaxed); }

void check_int8_panel_memory(int64_t Kp, int threads) {
  const uint64_t bytes = static_cast<uint64_t>(Kp) * kPanel * static_cast<uint64_t>(std::max(1, threads));
  if (bytes > tensor_memory_limit())
    throw Error("the packed panels of an 8-bit product with " + std::to_string(Kp) + " terms per sum need " +
                std::to_string(bytes) + " bytes, more than the memory limit of " +
                std::to_string(tensor_memory_limit()));
}

Int8Rows pack_int8_rows(const uint8_t* a, bool a_signed, int64_t rows, int64_t K, int64_t lda,
                        const int32_t* zero_points, int64_t zp_stride) {
  Int8Rows out;
  out.rows = rows;
  out.K = K;
  out.Kp = (K + 3) / 4 * 4;
  out.charge =
      charge_memory(checked_bytes(static_cast<uint64_t>(rows), static_cast<uint64_t>(out.Kp) + 4 * sizeof(int32_t),
                                  "an 8-bit product's packed rows"),
                    "an 8-bit product's packed rows");
  out.values.assign(static_cast<size_t>(rows * out.Kp), 0);
  out.zero.resize(static_cast<size_t>(rows));
  out.offset.resize(static_cast<size_t>(rows));
  out.bias.assign(static_cast<size_t>(rows), 0);
  const uint8_t flip = a_flip(a_signed);
  for (int64_t m = 0; m < rows; ++m) {
    uint32_t sum = 0;
    int8_t* dst = out.values.data() + m * out.Kp;
    const uint8_t* src = a + m * lda;
    for (int64_t k = 0; k < K; ++k) {
      dst[k] = static_cast<int8_t>(src[k] ^ flip);
      sum += static_cast<uint32_t>(static_cast<int32_t>(dst[k]));
    }
    const int32_t zp = zero_points ? zero_points[m * zp_stride] : 0;
    const uint32_t za = static_cast<uint32_t>(zp) - (a_signed ? 0u : 128u);
    out.zero[m] = static_cast<int32_t>(za);
    out.offset[m] = static_cast<int32_t>(sum - static_cast<uint32_t>(K) * za);
  }
  return out;
}

void pack_int8_panel(const uint8_t* b, bool b_signed, int64_t K, int64_t ldb, int64_t n0, int cols,
                     const int32_t* zero_points, int64_t zp_stride, Int8Panel& panel) {
  panel.reserve((K + 3) / 4 * 4);
  panel.cols = cols;
  for (int j = 0; j < kPanel; ++j)
    panel.zero[j] =
        j < cols ? static_cast<int32_t>(shifted_b_zero(zero_points ? zero_points[(n0 + j) * zp_stride] : 0, b_signed))
                 : 0;
  if (use_vnni())
    pack_panel_vnni(b, b_signed, K, ldb, n0, cols, panel);
  else
    pack_panel_portable(b, b_signed, K, ldb, n0, cols, panel);
}

void pack_int8_conv_panel(const Int8ConvWindow& window, int64_t p0, int cols, Int8Panel& panel) {
  panel.reserve((window.C * window.KH * window.KW + 3) / 4 * 4);
  panel.cols = cols;
  const int32_t zp = window.x_signed ? static_cast<int8_t>(window.x_zero_point) : window.x_zero_point;
  for (int j = 0; j < kPanel; ++j)
    panel.zero[j] = j < cols ? static_cast<int32_t>(shifted_b_zero(zp, window.x_signed)) : 0;
  if (use_vnni())
    pack_conv_vnni(window, p0, cols, panel);
  else
    pack_conv_portable(window, p0, cols, panel);
}

void int8_panel_product(const Int8Rows& a, int64_t row0, int64_t rows, const Int8Panel& panel, int32_t* y,
                        int64_t ldy) {
  switch (current_kernel()) {
    case Int8Kernel::Avx512Vnni:
      return product_vnni(a, row0, rows, panel, y, ldy);
    case Int8Kernel::Avx2:
      return product_avx2(a, row0, rows, panel, y, ldy);
    default:
      return product_portable(a, row0, rows, panel, y, ldy);
  }
}

}  // namespace onnx_ref::gemm
