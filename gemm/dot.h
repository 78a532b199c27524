#pragma once
// The checked GEMM engine behind MatMul and Gemm: Y[m, n] = alpha * sum_k A[m, k] * B[k, n]
// + beta * C[m, n], every output the exact value of that expression rounded once to the element
// type (nearest, ties to even). The result therefore does not depend on blocking, vector width or
// thread count.
//
// How, per element type:
//  - float, float16, bfloat16: each product is exact in double (at most 48 significant bits, far
//    from double's range limits). Products are summed in double beside the sum of their magnitudes,
//    which bounds the rounding error of the sum (|error| <= (K - 1) u sum|p|, u = 2^-53, taken
//    twice for safety). The epilogue alpha * s + beta * c adds its own bounded errors. When both
//    ends of the error interval round to the same value of the element type, the exact value does
//    too (rounding is monotone) and that is the answer; otherwise the output is recomputed with
//    ExactSum (numeric/exact_sum.h): alpha * p as two doubles (TwoProduct, exact), beta * c exact,
//    rounded to odd and then to the element type, which is the correctly rounded result.
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
  MatrixView<S> A;  // M x K
  MatrixView<S> B;  // K x N
  double alpha = 1;  // a float attribute's exact value (or a whole number for integers)
  double beta = 0;
  bool has_c = false;
  MatrixView<S> C;  // M x N; stride 0 along a broadcast dimension
  S* Y = nullptr;   // M x N, row-major, contiguous
};

// Counts of how outputs were decided, for benchmarks and tests.
struct GemmStats {
  int64_t outputs = 0;
  int64_t exact_fallbacks = 0;
};

// Computes args.Y; threads through runtime/parallel_for.h. `stats` may be null. Instantiated for
// float, double, Float16Bits, BFloat16Bits, int32_t, int64_t, uint32_t, uint64_t.
template <class S>
void gemm(const GemmArgs<S>& args, GemmStats* stats = nullptr);

// The process-wide totals of GemmStats since the start (benchmarks report the fallback rate).
GemmStats gemm_totals();

// True when the AVX2/FMA kernels are in use on this CPU (detected once at run time).
bool gemm_uses_avx2();

}  // namespace onnx_ref::gemm
