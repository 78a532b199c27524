#include "ops/signal/dft_core.h"

#include <mpfr.h>

#include "numeric/mpfr_interval.h"

#include <cmath>
#include <string>

#include "numeric/exact_sum.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/scratch.h"

namespace onnx_ref {

DftTwiddles dft_twiddles(int64_t n) {
  DftTwiddles t;
  t.n = n;
  t.charge = charge_scratch<double>(2 * static_cast<uint64_t>(n), "the DFT's twiddle tables");
  t.cos.resize(static_cast<size_t>(n));
  t.sin.resize(static_cast<size_t>(n));
  numeric::free_mpfr_caches_at_thread_exit();  // MPFR's per-thread constant caches (pi) die with the thread
  mpfr_t x, y;
  mpfr_init2(x, 64);
  mpfr_init2(y, 53);
  // cos(2 pi (N - m) / N) = cos(2 pi m / N) and sin(2 pi (N - m) / N) = -sin(2 pi m / N): half the
  // table is computed, the rest mirrored exactly.
  for (int64_t m = 0; m <= n / 2; ++m) {
    mpfr_set_ui(x, static_cast<unsigned long>(m), MPFR_RNDN);
    mpfr_cosu(y, x, static_cast<unsigned long>(n), MPFR_RNDN);
    t.cos[m] = mpfr_get_d(y, MPFR_RNDN);  // exact: y has 53 bits and is within double's range
    mpfr_sinu(y, x, static_cast<unsigned long>(n), MPFR_RNDN);
    t.sin[m] = mpfr_get_d(y, MPFR_RNDN);
    if (m > 0 && n - m > n / 2) {
      t.cos[n - m] = t.cos[m];
      t.sin[n - m] = -t.sin[m];
    }
  }
  mpfr_clear(x);
  mpfr_clear(y);
  return t;
}

void check_dft_work(int64_t n, int64_t lines, int64_t bins, int64_t samples) {
  if (n >= (int64_t{1} << 31)) throw Error("the transform length " + std::to_string(n) + " is beyond 2^31 - 1");
  const __int128 products = static_cast<__int128>(lines) * bins * samples;
  if (products > kDftMaxProducts)
    throw Error("the transform needs " + std::to_string(lines) + " lines x " + std::to_string(bins) + " bins x " +
                std::to_string(samples) + " samples products, beyond the 2^32 this direct (O(N^2)) evaluation accepts");
}

namespace {

// Adds a * b exactly (TwoProduct), up to the underflow noted in the header.
inline void dft_add_product(ExactSum& s, double a, double b) {
  const double p = a * b;
  s.add(p);
  if (!std::isfinite(p)) return;
  const double q = std::fma(a, b, -p);
  if (q != 0) s.add(q);
}

// Adds sign * x * t exactly, where x = hi + lo is an exact split of a sample times its weight.
inline void dft_add_term(ExactSum& s, double hi, double lo, double t, bool negate) {
  if (negate) t = -t;
  dft_add_product(s, hi, t);
  if (lo != 0) dft_add_product(s, lo, t);
}

template <class S>
S dft_round(const ExactSum& s, int64_t divisor) {
  const double nearest = divisor == 1 ? s.round_nearest() : s.round_quotient(static_cast<uint32_t>(divisor), false);
  if constexpr (std::is_same_v<S, double>) {
    return nearest;
  } else {
    if (!std::isfinite(nearest) || nearest == 0) return narrow<S>(nearest);
    // Rounding to odd first and then to nearest in the narrower format is rounding once.
    return narrow<S>(divisor == 1 ? s.round_odd() : s.round_quotient(static_cast<uint32_t>(divisor), true));
  }
}

}  // namespace

template <class S>
void dft_transform_line(const DftLine& line, const DftTwiddles& tw, bool inverse, int64_t bins, S* out,
                        int64_t out_stride) {
  const int64_t n = tw.n;
  const int64_t count = line.count < n ? line.count : n;
  for (int64_t k = 0; k < bins; ++k) {
    ExactSum re, im;
    const int64_t step = k % n;
    int64_t m = 0;  // k i mod N
    for (int64_t i = 0; i < count; ++i, m = (m + step) % n) {
      const double* x = line.data + i * line.stride;
      double xr_hi = x[0], xr_lo = 0, xi_hi = line.complex ? x[1] : 0.0, xi_lo = 0;
      if (line.weight) {
        const double w = line.weight[i];
        const double pr = xr_hi * w, pi = xi_hi * w;
        xr_lo = std::isfinite(pr) ? std::fma(xr_hi, w, -pr) : 0.0;
        xi_lo = std::isfinite(pi) ? std::fma(xi_hi, w, -pi) : 0.0;
        xr_hi = pr;
        xi_hi = pi;
      }
      const double c = tw.cos[m], s = tw.sin[m];
      // forward: (xr + j xi)(c - j s) = xr c + xi s + j (xi c - xr s); inverse: s -> -s.
      dft_add_term(re, xr_hi, xr_lo, c, false);
      if (line.complex) {
        dft_add_term(im, xi_hi, xi_lo, c, false);
        dft_add_term(re, xi_hi, xi_lo, s, inverse);
      }
      dft_add_term(im, xr_hi, xr_lo, s, !inverse);
    }
    const int64_t divisor = inverse ? n : 1;
    out[k * out_stride] = dft_round<S>(re, divisor);
    out[k * out_stride + 1] = dft_round<S>(im, divisor);
  }
}

template void dft_transform_line<float>(const DftLine&, const DftTwiddles&, bool, int64_t, float*, int64_t);
template void dft_transform_line<double>(const DftLine&, const DftTwiddles&, bool, int64_t, double*, int64_t);
template void dft_transform_line<Float16Bits>(const DftLine&, const DftTwiddles&, bool, int64_t, Float16Bits*, int64_t);
template void dft_transform_line<BFloat16Bits>(const DftLine&, const DftTwiddles&, bool, int64_t, BFloat16Bits*,
                                               int64_t);

}  // namespace onnx_ref
