#pragma once
// The checked GEMM engine behind MatMul and Gemm: Y[m, n] = alpha * sum_k A[m, k] * B[k, n]
// + beta * C[m, n], every output the exact value of that expression rounded once to the element
// type (nearest, ties to even). The result therefore does not depend on blocking, vector width or
// thread count.
//
// How, per element type:
//  - float, float16, bfloat16: each product is exact in double (at most 48 significant bits, far
//    from double's range limits: |p| is 0 or in [2^-298, 2^256]). Large products run on the tiled
//    engine (gemm/tiled.cpp): operands are packed as doubles in blocks and a micro-kernel (AVX-512
//    where the CPU has it, chosen at run time; portable C++ otherwise) adds the products of each
//    output in double, in the order of k. Small ones run on the panel engine below (dot.cpp),
//    which sums the same way beside the sum of magnitudes. Three stages decide each output:
//     1. The bound. Any summation tree of the exact products p_k in double (fused or not:
//        fma(a, b, s) rounds s + a*b once, as s + p does) gives s^ with |s^ - s| <= gamma_d
//        sum|p_k|, d the most inexact additions on a path from a product to the root (Higham,
//        Accuracy and Stability, section 4.2: each p_k is multiplied by at most d factors
//        (1 + delta), |delta| <= u; double additions of multiples of 2^-298 never underflow
//        inexactly). In order of k, d = K - 1. The tiled engine sums each block of 128 steps apart
//        from -0 and adds the block sums in order, so d <= 127 + ceil(K / 128) (136 for K = 1024).
//        sum|p_k| = sum |a_k||b_k| <= min(|a|_2 |b|_2, |a|_1 |b|_inf, |a|_inf |b|_1) (Cauchy-Schwarz
//        and Hoelder), the norms of A's row and B's column. They are computed in double: squares
//        are exact, each sum of K non-negative terms is within gamma_{K-1} of its value, a square
//        root and a product add an ulp each, so the true minimum is below the computed one times
//        (1 + gamma_K)(1 + 3u). With du, Ku < 0.01, gamma_d(1 + gamma_K)(1 + 3u) < 1.03 d u,
//        so E = 1.1 d u min(...) bounds |s^ - s| with room for its own three roundings. (The panel
//        engine sums in order of k and uses E = 2 K u sum|p_k|, with the sum of magnitudes
//        computed beside s.) The epilogue alpha s + beta c
//        adds its own bounded errors. When both ends of the error interval round to the same value
//        of the element type, the exact value does too (rounding is monotone) and that is the answer.
//     2. Otherwise the output is recomputed from its operands with Sum2 (TwoSum on the exact
//        products; Ogita, Rump and Oishi, Accurate sum and dot product, SIAM J. Sci. Comput. 26(6),
//        2005): fl(s + e) is within u|s| + gamma_{K-1}^2 sum|p_k| of the sum, decided as in 1.
//     3. Otherwise (a value within about 2^-52 of a rounding boundary, or NaN and infinities) it is
//        recomputed with ExactSum (numeric/exact_sum.h): alpha * p as two doubles (TwoProduct,
//        exact), beta * c exact, rounded to odd and then to the element type, which is the
//        correctly rounded result.
//    Each stage gives the correctly rounded value when it decides, so the bits never depend on
//    which engine, kernel, blocking or thread count computed s^.
//  - double: products as p + q with q = fma(a, b, -p) (TwoProduct) and the sum compensated
//    (TwoSum, Ogita-Rump-Oishi Dot2); the unevaluated sum is within 2 gamma_{K+1}^2 sum|p| of the
//    exact sum, and the rounding decision uses the exact neighbourhood of the rounded value. The
//    fallback adds p and q (and alpha times each, as two doubles) into ExactSum. Limits: a product
//    beyond the double range counts as the infinity IEEE gives it; a product below 2^-968 may have
//    a q below ExactSum's 2^-1074 resolution, which is then rounded (error under 2^-1074 each).
//  - integers: the sum wraps modulo 2^64 in uint64_t and is truncated to the element width, which is
//    the sum modulo 2^width (two's complement); alpha and beta are whole numbers (checked by Gemm).
//  - NaN and infinities follow IEEE: they go to the exact path, which records them apart.
// An exactly zero result is -0 only when every term is -0, as IEEE addition gives.
#include <cstdint>

#include "runtime/element_type.h"

namespace onnx_ref::gemm {

// One matrix operand: element (r, c) is at data[r * row_stride + c * col_stride], in elements.
template <class S>
struct MatrixView {
  const S* data = nullptr;
  int64_t row_stride = 0;
  int64_t col_stride = 0;
  S at(int64_t r, int64_t c) const { return data[r * row_stride + c * col_stride]; }
};

template <class S>
struct GemmArgs {
  int64_t M = 0, N = 0, K = 0;
  MatrixView<S> A;   // M x K
  MatrixView<S> B;   // K x N
  double alpha = 1;  // a float attribute's exact value (or a whole number for integers)
  double beta = 0;
  bool has_c = false;
  MatrixView<S> C;  // M x N; stride 0 along a broadcast dimension
  S* Y = nullptr;   // M x N, row-major, contiguous
};

// Counts of how outputs were decided, for benchmarks and tests.
struct GemmStats {
  int64_t outputs = 0;
  int64_t exact_fallbacks = 0;  // decided by ExactSum
  int64_t compensated = 0;      // decided by the compensated recheck (tiled engine)
};

// Computes args.Y; threads through runtime/parallel_for.h. `stats` may be null. Instantiated for
// float, double, Float16Bits, BFloat16Bits, int32_t, int64_t, uint32_t, uint64_t.
template <class S>
void gemm(const GemmArgs<S>& args, GemmStats* stats = nullptr);

// The process-wide totals of GemmStats since the start (benchmarks report the fallback rate).
GemmStats gemm_totals();

// True when the AVX2/FMA kernels are in use on this CPU (detected once at run time).
bool gemm_uses_avx2();

// Which engine computes float, float16 and bfloat16 products (process-wide; every choice gives the
// same bits, which the tests check). Automatic: the tiled engine for large products, with the
// AVX-512 kernel when the CPU has AVX-512F and the environment variable ONNX_REF_NO_AVX512 is unset
// (or "0"; read once). Panels: always the panel engine. TiledPortable: always the tiled engine with
// the portable kernel. TiledAvx512: always the tiled engine, AVX-512 kernel when the CPU has it.
enum class GemmPath { Automatic, Panels, TiledPortable, TiledAvx512 };
void set_gemm_path(GemmPath path);
GemmPath gemm_path();

// True when large float products use the AVX-512 kernel under the current path.
bool gemm_uses_avx512();

}  // namespace onnx_ref::gemm
