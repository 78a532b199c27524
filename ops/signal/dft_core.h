#pragma once
// The direct discrete Fourier transform shared by DFT and STFT.
//
// Contract (both operators): each output element is the exact value of
//   sum_n x[n] w[n] t(k n),   t(m) = cos(2 pi m / N) -+ j sin(2 pi m / N)
// (minus forward, plus inverse; w the STFT window, 1 for DFT), where every twiddle factor t is
// cos and sin correctly rounded to double (MPFR's mpfr_cosu and mpfr_sinu, to nearest; exact
// where the value is rational), rounded once to the element type, nearest, ties to even. The
// inverse transform's sum is divided by N exactly before that one rounding. So the result is the
// correctly rounded transform of the inputs by twiddles 2^-53-close to the true ones; it does not
// depend on thread count or order. How: every product x w t is split into exact double parts
// (TwoProduct, twice for x w t) and added into ExactSum (numeric/exact_sum.h). Limits: a partial
// product below 2^-969 (only reachable with double inputs near the bottom of the range) loses its
// bits below 2^-1074; infinities and NaN follow IEEE (inf * 0 is NaN).
//
// The sum is evaluated directly, O(N) per output element; the total number of products is bounded
// (kDftMaxProducts) so that an absurd request is refused instead of running for hours.
#include <cstdint>
#include <vector>

#include "runtime/run_limits.h"

namespace onnx_ref {

inline constexpr int64_t kDftMaxProducts = int64_t{1} << 32;

// cos and sin of 2 pi m / N for m in [0, N), each correctly rounded to double.
struct DftTwiddles {
  int64_t n = 0;
  std::vector<double> cos, sin;
  MemoryCharge charge;  // the two tables' bytes, on the run's budget (N comes from the data)
};
DftTwiddles dft_twiddles(int64_t n);

// One line to transform: sample i is data[i * stride] (+ j data[i * stride + 1] when complex) for
// i < count, zero beyond (the padding up to N); `weight` (or null) multiplies sample i.
struct DftLine {
  const double* data = nullptr;
  int64_t stride = 0;
  bool complex = false;
  const double* weight = nullptr;
  int64_t count = 0;
};

// Transforms one line of a transform of size twiddles.n under the contract above, writing bins
// [0, bins) to out[k * out_stride] (real part) and out[k * out_stride + 1] (imaginary part).
// S: float, double, Float16Bits, BFloat16Bits.
template <class S>
void dft_transform_line(const DftLine& line, const DftTwiddles& twiddles, bool inverse, int64_t bins, S* out,
                        int64_t out_stride);

// Refuses a transform size n of 2^31 or more, and lines * bins * samples products beyond
// kDftMaxProducts (Error naming the rule).
void check_dft_work(int64_t n, int64_t lines, int64_t bins, int64_t samples);

}  // namespace onnx_ref
