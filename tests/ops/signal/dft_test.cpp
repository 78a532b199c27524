// Unit tests of ops/signal/dft.cpp.
#include <doctest/doctest.h>
#include <mpfr.h>
#include <vector>
#include "helpers/signal.h"
#include "helpers/signal_rules.h"
#include "mpfr_oracle.h"
#include "node_runner.h"
#include "runtime/error.h"

using namespace onnx_ref::testing;

TEST_CASE("DFT: exact small transforms, forward and inverse") {
  Attributes a = signal_defaults("DFT", 20);
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 4, 1}, {1, 2, 3, 4});
  const Tensor y = run_signal_op("DFT", 20, {Value(x)}, a)[0].tensor();
  CHECK(y.shape() == Shape{1, 4, 2});
  CHECK(signal_values(y) == std::vector<double>{10, 0, -2, 2, -2, 0, -2, -2});
  a.set("inverse", int64_t{1});
  const Tensor back = run_signal_op("DFT", 20, {Value(y)}, a)[0].tensor();
  CHECK(signal_values(back) == std::vector<double>{1, 0, 2, 0, 3, 0, 4, 0});
  // onesided keeps bins 0 .. floor(N / 2); dft_length pads with zeros.
  Attributes o = signal_defaults("DFT", 20);
  o.set("onesided", int64_t{1});
  const Tensor h = run_signal_op("DFT", 20, {Value(x), Value(scalar64(8))}, o)[0].tensor();
  CHECK(h.shape() == Shape{1, 5, 2});
  CHECK(signal_values(h)[0] == 10);
  CHECK(signal_values(h)[8] == -2);  // bin 4 of [1, 2, 3, 4, 0, 0, 0, 0]: 1 - 2 + 3 - 4
  // DFT-17 takes the axis as an attribute (default 1).
  const Tensor y17 = run_signal_op("DFT", 17, {Value(x)}, signal_defaults("DFT", 17))[0].tensor();
  CHECK(y17.identical_to(y));
}

TEST_CASE("DFT: every output agrees with the MPFR oracle (types, axes, padding, truncation, inverse, onesided)") {
  for (T type : {T::Float, T::Double, T::Float16, T::BFloat16}) {
    const bool wide = type == T::Float || type == T::Double;
    for (int parts : {1, 2})
      for (int64_t n : {int64_t{0}, int64_t{5}, int64_t{7}, int64_t{12}})  // 0: no dft_length
        for (int inverse : {0, 1})
          for (int onesided : {0, 1}) {
            if (onesided && (parts == 2 || inverse)) continue;  // IRFFT: tests/ops/signal/dft_test.cpp
            // shape [2, 7, 3, parts], transform along axis 1
            const std::vector<double> v = signal_test_samples(2 * 7 * 3 * parts, 17u + parts + n, wide);
            const Tensor x = signal_tensor(type, {2, 7, 3, parts}, v);
            const std::vector<double> exact = signal_values(x);
            Attributes a = signal_defaults("DFT", 20);
            a.set("inverse", int64_t{inverse});
            a.set("onesided", int64_t{onesided});
            std::vector<std::optional<Value>> in = {Value(x), std::nullopt, Value(scalar64(n % 2 ? -3 : 1))};
            if (n) in[1] = Value(scalar64(n));
            const Tensor y = run_signal_op("DFT", 20, in, a)[0].tensor();
            const int64_t N = n ? n : 7;
            const int64_t bins = onesided ? N / 2 + 1 : N;
            REQUIRE(y.shape() == Shape{2, bins, 3, 2});
            const std::vector<double> got = signal_values(y);
            for (int64_t o = 0; o < 2; ++o)
              for (int64_t k = 0; k < bins; ++k)
                for (int64_t i = 0; i < 3; ++i)
                  for (int part = 0; part < 2; ++part) {
                    std::vector<double> line(exact.begin() + (o * 7 * 3 + i) * parts, exact.end());
                    const double want = dft_oracle(line, parts == 2, nullptr, 3 * parts, 7, N, k, inverse, part == 1,
                                                   signal_format(type));
                    CAPTURE(name_of(type));
                    CAPTURE(parts);
                    CAPTURE(N);
                    CAPTURE(inverse);
                    CAPTURE(k);
                    CHECK(got[((o * bins + k) * 3 + i) * 2 + part] == want);
                  }
          }
  }
}

TEST_CASE("DFT: bad inputs are one-line errors") {
  Attributes a = signal_defaults("DFT", 20);
  const Tensor x = Tensor::zeros(T::Float, {1, 4, 1});
  CHECK_THROWS_WITH_AS(run_signal_op("DFT", 20, {Value(x), Value(scalar64(0))}, a), "dft_length = 0 must be at least 1",
                       Error);
  CHECK_THROWS_WITH_AS(run_signal_op("DFT", 20, {Value(x), std::nullopt, Value(scalar64(-1))}, a),
                       doctest::Contains("axis = -1 is out of range"), Error);
  CHECK_THROWS_WITH_AS(run_signal_op("DFT", 20, {Value(x), std::nullopt, Value(scalar64(2))}, a),
                       doctest::Contains("axis = 2 is out of range"), Error);
  CHECK_THROWS_WITH_AS(run_signal_op("DFT", 20, {Value(Tensor::zeros(T::Float, {4, 3}))}, a),
                       doctest::Contains("last dimension must be 1 (real) or 2 (complex)"), Error);
  CHECK_THROWS_AS(run_signal_op("DFT", 20, {Value(Tensor::zeros(T::Float, {4}))}, a), Error);
  a.set("onesided", int64_t{1});
  CHECK_THROWS_WITH_AS(run_signal_op("DFT", 20, {Value(Tensor::zeros(T::Float, {1, 4, 2}))}, a),
                       doctest::Contains("onesided = 1 needs a real input"), Error);
  CHECK_THROWS_WITH_AS(run_signal_op("DFT", 20, {Value(x), Value(scalar64(int64_t{1} << 40))}, a),
                       doctest::Contains("beyond 2^31 - 1"), Error);
  CHECK_THROWS_WITH_AS(
      run_signal_op("DFT", 20, {Value(Tensor::zeros(T::Float, {1 << 12, 1 << 10, 1})), Value(scalar64(1 << 11))}, a),
      doctest::Contains("beyond the 2^32 this direct"), Error);
}

// The rules of the ONNX 1.22.0 text, each test citing its sentence.

namespace {

Tensor spectrum(Shape shape, const std::vector<float>& v) {
  return Tensor::from_values<float>(T::Float, std::move(shape), v);
}
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
    const double bi = b < static_cast<int64_t>(im.size())
                          ? (mirrored ? -im[static_cast<size_t>(b)] : im[static_cast<size_t>(b)])
                          : 0.0;
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
// spec: DFT-17,20: "in which case the default dft_length is `2 * (signal_dim_axis - 1)`"
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
    CHECK_THROWS_WITH_AS(run_single_node("DFT", opset, {real}, irfft_attributes),
                         doctest::Contains("only complex input is supported"), Error);
}

// spec: DFT-17: "The length of the signal as a scalar."
// spec: DFT-20: "The length of the signal as a scalar."
// spec: DFT-20: "The axis as a scalar on which to perform the DFT."
TEST_CASE("DFT-17 and DFT-20: dft_length and DFT-20's axis must be scalars, not [1] tensors") {
  const Tensor x = spectrum({1, 4, 1}, {1, 2, 3, 4});
  for (int opset : {17, 20}) {
    CAPTURE(opset);
    CHECK(run_single_node("DFT", opset, {x, scalar_i64(4)}).shape() == Shape{1, 4, 2});
    CHECK_THROWS_WITH_AS(run_single_node("DFT", opset, {x, one_i64(4)}),
                         doctest::Contains("dft_length must be a scalar (rank 0)"), Error);
  }
  CHECK(run_single_node("DFT", 20, {x, std::nullopt, scalar_i64(1)}).shape() == Shape{1, 4, 2});
  CHECK_THROWS_WITH_AS(run_single_node("DFT", 20, {x, std::nullopt, one_i64(1)}),
                       doctest::Contains("axis must be a scalar (rank 0)"), Error);
}

// [1, 2, 3, 4] forward and onesided: bins 0 .. 4 / 2 = 2 of [10, -2 + 2i, -2, -2 - 2i]. A complex
// input is refused (docs/DEPARTURES.md, DFT-17, DFT-20).
// spec: DFT-17: "If onesided is 1, only values for w in [0, 1, 2, ..., floor(n_fft/2) + 1] are used or returned because the real-to-complex Fourier transform satisfies the conjugate symmetry"
// spec: DFT-20: "If `onesided` is `1`, only values for `k` in `[0, 1, 2, ..., floor(n_fft/2) + 1]` are used or returned because the real-to-complex Fourier transform satisfies the conjugate symmetry"
// spec: DFT-17,20: "When `onesided=1` and `inverse=0` (forward DFT), only real input is supported and a one-sided complex spectrum is returned (RFFT)."
TEST_CASE("DFT-17 and DFT-20: onesided forward returns bins 0 to n / 2") {
  const auto rfft = [](onnx::NodeProto& n) { set_int(n, "onesided", 1); };
  for (int opset : {17, 20}) {
    CAPTURE(opset);
    const Tensor y = run_single_node("DFT", opset, {spectrum({1, 4, 1}, {1, 2, 3, 4})}, rfft);
    REQUIRE(y.shape() == Shape{1, 3, 2});
    CHECK(std::vector<float>(y.data_as<float>(), y.data_as<float>() + 6) == std::vector<float>{10, 0, -2, 2, -2, 0});
    CHECK_THROWS_WITH_AS(run_single_node("DFT", opset, {spectrum({1, 4, 2}, {1, 0, 2, 0, 3, 0, 4, 0})}, rfft),
                         doctest::Contains("has no onesided transform"), Error);
  }
}

// The type lists of T2 are tensor(int32) and tensor(int64) at every version (DFT-17's and STFT-17's
// descriptions name int64_t, their lists both): either is taken, a float length is refused.
// spec: DFT-17: "Constrain scalar length types to int64_t."
// spec: STFT-17: "Constrain scalar length types to int64_t."
// spec: DFT-20: "Constrain scalar length types to integers."
TEST_CASE("DFT-17, DFT-20 and STFT-17: length inputs of int32 or int64") {
  const Tensor x = spectrum({1, 4, 1}, {1, 2, 3, 4});
  const Tensor four32 = Tensor::from_values<int32_t>(T::Int32, {}, {4});
  for (int opset : {17, 20}) {
    CAPTURE(opset);
    CHECK(run_single_node("DFT", opset, {x, four32}).shape() == Shape{1, 4, 2});
    CHECK_THROWS_AS(run_single_node("DFT", opset, {x, Tensor::from_values<float>(T::Float, {}, {4})}), Error);
  }
  const Tensor two32 = Tensor::from_values<int32_t>(T::Int32, {}, {2});
  CHECK(run_single_node("STFT", 17, {x, two32, std::nullopt, two32}).shape() == Shape{1, 2, 2, 2});
  CHECK(run_single_node("STFT", 17, {x, scalar_i64(2), std::nullopt, scalar_i64(2)}).shape() == Shape{1, 2, 2, 2});
  CHECK_THROWS_AS(
      run_single_node("STFT", 17, {x, Tensor::from_values<float>(T::Float, {}, {2}), std::nullopt, scalar_i64(2)}),
      Error);
}

namespace signal_rules_tests {

// spec: DFT-17: "By default this value is set to 1, which corresponds to the first dimension after the batch index."
// spec: DFT-17: "By default this value is set to 0, which corresponds to false."
// spec: DFT-17: "When invoked with real or complex valued input, the default value is 0."
// spec: DFT-17: "If less than the axis dimension, only the first dft_length values will be used as the signal."
// spec: DFT-17,20: "Accepted range is $[-r, -2] \cup [0, r-2]$ where `r = rank(input)`."
// spec: DFT-17,20: "The last dimension is for representing complex numbers and thus is an invalid axis."
TEST_CASE(
    "DFT-17: axis 1, forward and two-sided by default; a shorter dft_length truncates; the last axis is refused") {
  const auto dft = [](const std::function<void(OpTester&)>& attrs, std::optional<Tensor> length = std::nullopt) {
    OpTester t("DFT", 17);
    t.input(Value(kSignal()));
    if (length) t.input(Value(*length));
    if (attrs) attrs(t);
    return t.run_tensor();
  };
  const Tensor y = dft({});
  CHECK(y.shape() == Shape{1, 4, 2});
  CHECK(floats(y) == kSpectrum);
  CHECK(floats(dft([](OpTester& t) {
          t.attribute("axis", int64_t{1}).attribute("onesided", int64_t{0}).attribute("inverse", int64_t{0});
        })) == kSpectrum);
  // The first two values [1, 2]: [3, -1].
  CHECK(floats(dft({}, i64_scalar(2))) == std::vector<float>{3, 0, -1, 0});
  CHECK_THROWS_AS(dft([](OpTester& t) { t.attribute("axis", int64_t{2}); }), Error);
  CHECK_THROWS_AS(dft([](OpTester& t) { t.attribute("axis", int64_t{-1}); }), Error);
}

// spec: DFT-20: "Default is `-2` (last signal axis)."
// spec: DFT-20: "Default is 0, which corresponds to `false`."
// spec: DFT-20: "Default is `0`."
// spec: DFT-20: "If less than the axis dimension, only the first `dft_length` values will be used as the signal."
TEST_CASE(
    "DFT-20: axis -2, forward and two-sided by default; a shorter dft_length truncates; the last axis is refused") {
  const auto dft = [](std::optional<Tensor> length, std::optional<Tensor> axis,
                      const std::function<void(OpTester&)>& attrs = {}) {
    OpTester t("DFT", 20);
    t.input(Value(kSignal()));
    t.input(length ? std::optional<Value>(Value(*length)) : std::nullopt);
    if (axis) t.input(Value(*axis));
    if (attrs) attrs(t);
    return t.run_tensor();
  };
  CHECK(floats(dft(std::nullopt, std::nullopt)) == kSpectrum);
  CHECK(floats(dft(std::nullopt, i64_scalar(-2), [](OpTester& t) {
          t.attribute("onesided", int64_t{0}).attribute("inverse", int64_t{0});
        })) == kSpectrum);
  CHECK(floats(dft(i64_scalar(2), std::nullopt)) == std::vector<float>{3, 0, -1, 0});
  CHECK_THROWS_AS(dft(std::nullopt, i64_scalar(-1)), Error);
  CHECK_THROWS_AS(dft(std::nullopt, i64_scalar(2)), Error);
}

}  // namespace signal_rules_tests
