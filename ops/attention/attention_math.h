#pragma once
// The rounded steps the attention operators share (Attention, and later FlexAttention): the
// default scale, the correctly rounded softcap, and products of matrices whose operands have
// different element types. Each names where it rounds.
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "numeric/exact_sum.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/tensor.h"

namespace onnx_ref::attention {

// 1 / sqrt(head_size) correctly rounded to double (MPFR's rec_sqrt): the default `scale`.
// head_size >= 1.
double default_scale(int64_t head_size);

// cap * tanh(score / cap), the exact value rounded once to `type` (float, double, float16 or
// bfloat16), returned as the double holding it; `cap` finite and nonzero. The value is even in
// cap, so a negative cap acts as |cap|. Special scores: NaN gives NaN, ±inf gives ±|cap|, ±0 gives
// itself. How: a double estimate inside a Ziv test (relative error below 2^-48, tested against
// 2^-36), MPFR interval arithmetic from 80 bits up otherwise (always for double).
double softcap_rounded(ElementType type, double score, double cap);

// One operand of mixed_type_product: element (r, c) of `tensor` at offset + r * row_stride +
// c * col_stride (in elements).
struct ProductOperand {
  const Tensor* tensor = nullptr;
  int64_t offset = 0, row_stride = 0, col_stride = 0;
};

// Y[m, n] = alpha * sum_k A[m, k] * B[k, n] with A and B of floating types that may differ from
// each other and from Y's (float, double, float16, bfloat16), each output the exact value rounded
// once to Y's type: each product is split exactly into two doubles (TwoProduct), each part times
// alpha split again, and all parts go into one exact sum (round_exact_terms). A is M x K, B is
// K x N; Y is M x N row-major from y_offset. Limits as gemm/dot.h's double path: a part below
// 2^-1074 is rounded. For operands and output of one type, gemm/dot.h is the fast path.
void mixed_type_product(const ProductOperand& a, const ProductOperand& b, double alpha, Tensor& y, int64_t y_offset,
                        int64_t M, int64_t N, int64_t K);

// The same product through gemm/dot.h when A, B and Y share one element type, mixed_type_product
// otherwise: the one way the attention operators multiply their per-head matrices.
void head_product(const ProductOperand& a, const ProductOperand& b, double alpha, Tensor& y, int64_t y_offset,
                  int64_t M, int64_t N, int64_t K);

// The exact sum of n terms, each an exact double (a product of two narrow floats, or the two parts
// of a TwoProduct), rounded once to S (float, double, float16 or bfloat16). The double sum s is within
// (n - 1) 2^-53 sum|t| of the exact sum; when both ends of twice that interval round to the same
// S, the exact sum does too (rounding is monotone). Otherwise, and for infinities and NaN,
// ExactSum decides (IEEE for the special values). An exactly zero sum is -0 only when every term
// is -0, as IEEE addition gives.
template <class S>
S round_exact_terms(const double* terms, int64_t n) {
  double s = 0, magnitude = 0;
  for (int64_t i = 0; i < n; ++i) {
    s = i == 0 ? terms[0] : s + terms[i];
    magnitude += std::fabs(terms[i]);
  }
  if (std::isfinite(s) && std::isfinite(magnitude)) {
    const double e = 2 * static_cast<double>(n) * 0x1p-53 * magnitude;
    const S lo = narrow<S>(s - e), hi = narrow<S>(s + e);
    if (widen(lo) == widen(hi) && std::signbit(widen(lo)) == std::signbit(widen(hi))) return lo;
  }
  ExactSum sum;
  for (int64_t i = 0; i < n; ++i) sum.add(terms[i]);
  if (sum.is_nan()) return narrow<S>(std::nan(""));
  const double r = sum.round_nearest();
  if (!std::isfinite(r) || std::is_same_v<S, double>) return narrow<S>(r);
  return narrow<S>(sum.round_odd());  // rounded to odd, then once more: the sum rounded once
}

}  // namespace onnx_ref::attention
