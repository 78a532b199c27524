#pragma once
// The inner kernels of the tiled engine (gemm/tiled.cpp): one kMR x kPanelWidth block of outputs
// accumulated over kc steps of packed operands. Every version adds the exact products (values
// widened from float, float16 or bfloat16 multiply exactly in double) to each output in the order
// of k, one rounding per step, so all of them compute the same double sums bit for bit; a fused
// multiply-add rounds acc + a*b once, as the separate multiply (exact) and add do.
#include <cstdint>

#include "gemm/panel_source.h"

namespace onnx_ref::gemm::tiled {

inline constexpr int64_t kMR = 8;
inline constexpr int64_t kNR = kPanelWidth;

// c[r * ldc + q] += sum over k < kc of a[k * kMR + r] * b[k * kNR + q], for r < kMR, q < kNR: the
// block's products are summed apart, in the order of k from -0, and the block sum is then added to
// c (so a product passes through at most kc - 1 inexact additions inside its block). With `first`,
// c is not read: it is set to the block sum, which is what adding it to a c of -0 gives (-0 + s
// is s for every double s, zeros and NaNs included), so a tile's sums need no fill beforehand.
using MicroKernel = void (*)(int64_t kc, const double* a, const double* b, double* c, int64_t ldc, bool first);

void micro_kernel_portable(int64_t kc, const double* a, const double* b, double* c, int64_t ldc, bool first);
void micro_kernel_avx2(int64_t kc, const double* a, const double* b, double* c, int64_t ldc, bool first);
// Only on a CPU with AVX-512F and VL (cpu_has_avx512(), checked by the caller).
void micro_kernel_avx512(int64_t kc, const double* a, const double* b, double* c, int64_t ldc, bool first);

// The same sums for columns q < 8 * vectors alone (vectors 1 or 2; c's other columns untouched): a
// product's last strip when it holds 16 or fewer columns. AVX-512 only.
void micro_kernel_narrow_avx512(int64_t kc, const double* a, const double* b, double* c, int64_t ldc, bool first,
                                int vectors);

// The same for row 0 of the block alone (a product with one row of A, as a recurrent step of
// batch 1 is): c[q] for q < kNR, the same additions in the same order, so the same sums as row 0
// of micro_kernel_avx512's. AVX-512 only.
void micro_kernel_row1_avx512(int64_t kc, const double* a, const double* b, double* c, bool first);

// The first stage of the float decision (gemm/dot.h) for outputs j < n of one row: s[j] the double
// sums, the bound of sum|p| min(r2 c2[j], r1 ci[j], ri c1[j]) from the row's norms (r1 = sum|a|,
// r2 = |a|_2, ri = max|a|) and the columns', the result alpha s + bc[j] (bc null: no C term)
// with E = scale * bound. Writes y[j] and clears todo[j] where both ends of the error interval
// round to the same float; sets todo[j] elsewhere, and returns how many it set. Same decisions as
// numeric::decide_small.
struct RowNorms {
  double l1, l2, linf;
};
int64_t decide_floats_avx512(int64_t n, const double* s, RowNorms row, const double* c1, const double* c2,
                             const double* ci, double alpha, const double* bc, double scale, float* y, uint8_t* todo);

// Adds the norms of the lanes of a packed block (`strips` strips of `width` lanes, width 8 or 24,
// kc steps each) to l1 (sum |x|), l2sq (sum x^2, exact terms) and linf (max |x|), lane by lane.
void add_norms_avx512(const double* packed, int64_t strips, int64_t kc, int64_t width, double* l1, double* l2sq,
                      double* linf);

// Packs 8 rows of float A (row r at rows[0] + r * row_stride, contiguous along k) for kc steps
// as a micro-kernel strip: out[kk * 8 + r].
void pack_float_rows8_avx512(const float* row0, int64_t row_stride, int64_t kc, double* out);

// Packs kc rows of float B (row kk at src + kk * row_stride, columns 0 to cn - 1, cn <= 24) as one
// strip of 24 lanes (zeros past cn) and adds each lane's norms as add_norms_avx512 does: the same
// values and the same sums in the same order, in one pass over the data.
void pack_float_strip24_avx512(const float* src, int64_t row_stride, int64_t kc, int64_t cn, double* out, double* l1,
                               double* l2sq, double* linf);
void widen_floats_avx512(const float* src, int64_t n, double* dst);
void add_scaled_floats_avx512(int64_t n, double w, const float* src, double* acc, double* mag);

// The same with src read at steps of `stride` elements (stride * 7 below 2^31, checked by the caller).
void add_scaled_floats_strided_avx512(int64_t n, double w, const float* src, int64_t stride, double* acc, double* mag);
// acc[i] += v for i < n.
void add_to_all_avx512(int64_t n, double v, double* acc);

bool cpu_has_avx512();
bool cpu_has_avx2_fma();

}  // namespace onnx_ref::gemm::tiled
