// DFT-17 and DFT-20: the IRFFT case (onesided = 1, inverse = 1) and the inputs the text calls
// scalars. Oracles: hand computation where every twiddle factor is 0 or +-1, and MPFR (twiddles
// cos(2 pi m / N), sin(2 pi m / N) correctly rounded to double, as the contract in
// ops/signal/dft_core.h says, then the exact sum rounded once) for an odd length.
#include <doctest/doctest.h>
#include <mpfr.h>

#include <vector>

#include "mpfr_oracle.h"
#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

Tensor spectrum(Shape shape, const std::vector<float>& v) { return Tensor::from_values<float>(T::Float, std::move(shape), v); }
Tensor scalar_i64(int64_t v) { return Tensor::from_values<int64_t>(T::Int64, {}, {v}); }
Tensor one_i64(int64_t v) { return Tensor::from_values<int64_t>(T::Int64, {1}, {v}); }

void irfft_attributes(onnx::NodeProto& n) {
  set_int(n, "onesided", 1);
  set_int(n, "inverse", 1);
}

// x[t] = 1/N sum_k Re(X_k e^(2 pi j k t / N)) over the Hermitian spectrum of the bins given.
double irfft_oracle(const std::vector<double>& re, const std::vector<double>& im, int64_t n, int64_t t) {
  mpfr_t sum, c, s, term, angle;
  mpfr_inits2(2000, sum, term, static_cast<mpfr_ptr>(nullptr));
  mpfr_inits2(53, c, s, static_cast<mpfr_ptr>(nullptr));
  mpfr_init2(angle, 64);
  mpfr_set_zero(sum, 1);
  for (int64_t k = 0; k < n; ++k) {
    const bool mirrored = k > n / 2;
    const int64_t b = mirrored ? n - k : k;
    const double a = b < static_cast<int64_t>(re.size()) ? re[static_cast<size_t>(b)] : 0.0;
    const double bi = b < static_cast<int64_t>(im.size()) ? (mirrored ? -im[static_cast<size_t>(b)] : im[static_cast<size_t>(b)]) : 0.0;
    mpfr_set_si(angle, static_cast<long>((k * t) % n), MPFR_RNDN);
    mpfr_cosu(c, angle, static_cast<unsigned long>(n), MPFR_RNDN);  // cos(2 pi m / n), the twiddles rounded to double
    mpfr_sinu(s, angle, static_cast<unsigned long>(n), MPFR_RNDN);
    mpfr_mul_d(term, c, a, MPFR_RNDN);  // exact at 2000 bits
    mpfr_add(sum, sum, term, MPFR_RNDN);
    mpfr_mul_d(term, s, bi, MPFR_RNDN);
    mpfr_sub(sum, sum, term, MPFR_RNDN);
  }
  const int inex = mpfr_div_ui(sum, sum, static_cast<unsigned long>(n), MPFR_RNDN);
  const double r = oracle::round_ieee(sum, inex, numeric::Format::Float);
  mpfr_clears(sum, term, c, s, angle, static_cast<mpfr_ptr>(nullptr));
  return r;
}

}  // namespace

// spec: DFT-17: "When `onesided=1` and `inverse=1` (inverse DFT), only complex input is supported and a full real signal is returned (IRFFT)."
// spec: DFT-20: "When `onesided=1` and `inverse=1` (inverse DFT), only complex input is supported and a full real signal is returned (IRFFT)."
// spec: DFT-20: "in which case the default dft_length is `2 * (signal_dim_axis - 1)`"
TEST_CASE("DFT-17 and DFT-20: the IRFFT of a onesided complex spectrum is a real signal of 2 * (bins - 1) samples") {
  // Bins X0 = 1 + 0.5j, X1 = 2 + 3j, X2 = -1 + 7j; N = 4, X3 = conj(X1). By hand:
  // x[t] = (Re X0 + 2 Re(X1 j^t) + Re X2 (-1)^t) / 4 = (4, -4, -4, 8) / 4.
  const Tensor x = spectrum({1, 3, 2}, {1, 0.5f, 2, 3, -1, 7});
  for (int opset : {17, 20}) {
    CAPTURE(opset);
    const Tensor y = run_single_node("DFT", opset, {x}, irfft_attributes);
    CHECK(y.shape() == Shape{1, 4, 1});
    const float* p = y.data_as<float>();
    CHECK(p[0] == 1.0f);
    CHECK(p[1] == -1.0f);
    CHECK(p[2] == -1.0f);
    CHECK(p[3] == 2.0f);
  }
}

TEST_CASE("DFT-20: IRFFT with an odd dft_length, as the MPFR oracle computes it") {
  const std::vector<float> bins{0.75f, -0.1f, 1.5f, 2.25f, -0.3f, 0.6f};  // 3 complex bins
  const Tensor x = spectrum({3, 2}, bins);
  const std::vector<double> re{bins[0], bins[2], bins[4]}, im{bins[1], bins[3], bins[5]};
  // Axis 0 of a [3, 2] input (DFT-20's axis input), dft_length 5: bins 0 .. 2 used.
  const Tensor y = run_single_node("DFT", 20, {x, scalar_i64(5), scalar_i64(0)}, irfft_attributes);
  REQUIRE(y.shape() == Shape{5, 1});
  for (int64_t t = 0; t < 5; ++t) CHECK(static_cast<double>(y.data_as<float>()[t]) == irfft_oracle(re, im, 5, t));
  // dft_length 6 > 2 * (3 - 1): bin 3 is missing, so zero.
  const Tensor z = run_single_node("DFT", 20, {x, scalar_i64(6), scalar_i64(0)}, irfft_attributes);
  REQUIRE(z.shape() == Shape{6, 1});
  for (int64_t t = 0; t < 6; ++t) CHECK(static_cast<double>(z.data_as<float>()[t]) == irfft_oracle(re, im, 6, t));
}

// spec: DFT-17: "only complex input is supported"
TEST_CASE("DFT-17 and DFT-20: a real input with onesided = 1 and inverse = 1 is refused") {
  const Tensor real = spectrum({1, 4, 1}, {1, 2, 3, 4});
  for (int opset : {17, 20})
    CHECK_THROWS_WITH_AS(run_single_node("DFT", opset, {real}, irfft_attributes), doctest::Contains("only complex input is supported"),
                         Error);
}

// spec: DFT-17: "The length of the signal as a scalar."
// spec: DFT-20: "The length of the signal as a scalar."
// spec: DFT-20: "The axis as a scalar on which to perform the DFT."
TEST_CASE("DFT-17 and DFT-20: dft_length and DFT-20's axis must be scalars, not [1] tensors") {
  const Tensor x = spectrum({1, 4, 1}, {1, 2, 3, 4});
  for (int opset : {17, 20}) {
    CAPTURE(opset);
    CHECK(run_single_node("DFT", opset, {x, scalar_i64(4)}).shape() == Shape{1, 4, 2});
    CHECK_THROWS_WITH_AS(run_single_node("DFT", opset, {x, one_i64(4)}), doctest::Contains("dft_length must be a scalar (rank 0)"),
                         Error);
  }
  CHECK(run_single_node("DFT", 20, {x, std::nullopt, scalar_i64(1)}).shape() == Shape{1, 4, 2});
  CHECK_THROWS_WITH_AS(run_single_node("DFT", 20, {x, std::nullopt, one_i64(1)}), doctest::Contains("axis must be a scalar (rank 0)"),
                       Error);
}
