// Unit tests of ops/signal/stft.cpp.
#include "helpers/signal.h"
#include "helpers/signal_rules.h"

TEST_CASE("STFT: frames, window and onesided agree with the MPFR oracle") {
  for (T type : {T::Float, T::Double, T::Float16}) {
    const bool wide = type != T::Float16;
    for (int parts : {1, 2}) {
      const std::vector<double> v = signal_test_samples(2 * 40 * parts, 5u + parts, wide);
      const std::vector<double> wv = signal_test_samples(8, 99u, false);
      const Tensor x = signal_tensor(type, {2, 40, parts}, v);
      const Tensor w = signal_tensor(type, {8}, wv);
      const std::vector<double> exact = signal_values(x), window = signal_values(w);
      Attributes a = signal_defaults("STFT", 17);
      a.set("onesided", int64_t{parts == 1 ? 1 : 0});
      const Tensor y =
          run_signal_op("STFT", 17, {Value(x), Value(scalar64(6)), Value(w), Value(scalar64(8))}, a)[0].tensor();
      const int64_t bins = parts == 1 ? 5 : 8;
      REQUIRE(y.shape() == Shape{2, 6, bins, 2});
      const std::vector<double> got = signal_values(y);
      for (int64_t b = 0; b < 2; ++b)
        for (int64_t f = 0; f < 6; ++f)
          for (int64_t k = 0; k < bins; ++k)
            for (int part = 0; part < 2; ++part) {
              std::vector<double> line(exact.begin() + (b * 40 + f * 6) * parts, exact.end());
              CAPTURE(name_of(type));
              CAPTURE(parts);
              CHECK(got[((b * 6 + f) * bins + k) * 2 + part] ==
                    dft_oracle(line, parts == 2, &window, parts, 8, 8, k, false, part == 1, signal_format(type)));
            }
    }
  }
  // Without a window: frame_length frames of weight 1; without both: one frame of the whole signal.
  Attributes a = signal_defaults("STFT", 17);
  const Tensor ramp = Tensor::from_values<float>(T::Float, {1, 4, 1}, {1, 2, 3, 4});
  const Tensor y = run_signal_op("STFT", 17, {Value(ramp), Value(scalar64(1))}, a)[0].tensor();
  CHECK(y.shape() == Shape{1, 1, 3, 2});
  CHECK(signal_values(y) == std::vector<double>{10, 0, -2, 2, -2, 0});
  const Tensor z =
      run_signal_op("STFT", 17, {Value(ramp), Value(scalar64(2)), std::nullopt, Value(scalar64(2))}, a)[0].tensor();
  CHECK(signal_values(z) == std::vector<double>{3, 0, -1, 0, 7, 0, -1, 0});
  CHECK_THROWS_WITH_AS(run_signal_op("STFT", 17, {Value(ramp), Value(scalar64(0))}, a),
                       "frame_step = 0 must be at least 1", Error);
  CHECK_THROWS_WITH_AS(
      run_signal_op("STFT", 17, {Value(ramp), Value(scalar64(1)), std::nullopt, Value(scalar64(5))}, a),
      "the signal's length 4 is shorter than one frame of 5", Error);
  CHECK_THROWS_WITH_AS(
      run_signal_op("STFT", 17,
                    {Value(ramp), Value(scalar64(1)), Value(Tensor::zeros(T::Float, {3})), Value(scalar64(2))}, a),
      "the window's length 3 differs from frame_length = 2", Error);
  CHECK_THROWS_WITH_AS(run_signal_op("STFT", 17, {Value(Tensor::zeros(T::Float, {1, 4, 2})), Value(scalar64(1))}, a),
                       doctest::Contains("onesided = 1 needs a real signal"), Error);
  CHECK_THROWS_AS(run_signal_op("STFT", 17, {Value(Tensor::zeros(T::Float, {4, 1})), Value(scalar64(1))}, a), Error);
}

namespace signal_rules_tests {

// A signal of 8 in frames of 4 every 4: two frames; onesided (the default) keeps 4 / 2 + 1 = 3 bins.
// spec: STFT-17: "Enabling onesided with real inputs performs a Real-valued fast Fourier transform (RFFT).When invoked with real or complex valued input, the default value is 1."
// spec: STFT-17: "If onesided is 1, only values for w in [0, 1, 2, ..., floor(n_fft/2) + 1] are returned because the real-to-complex Fourier transform satisfies the conjugate symmetry"
// spec: STFT-17: "A tensor representing the window that will be slid over the signal.The window must have rank 1 with shape: [window_shape]."
// spec: STFT-17: "A scalar representing the size of the DFT."
TEST_CASE("STFT-17: onesided by default; the window of rank 1") {
  const Tensor signal = Tensor::from_values<float>(T::Float, {1, 8, 1}, {1, 2, 3, 4, 5, 6, 7, 8});
  const auto stft = [&](std::optional<Tensor> win, const std::function<void(OpTester&)>& attrs = {}) {
    OpTester t("STFT", 17);
    t.input(Value(signal)).input(Value(i64_scalar(4)));
    t.input(win ? std::optional<Value>(Value(*win)) : std::nullopt).input(Value(i64_scalar(4)));
    if (attrs) attrs(t);
    return t.run_tensor();
  };
  const Tensor y = stft(std::nullopt);
  CHECK(y.shape() == Shape{1, 2, 3, 2});
  // The first frame [1, 2, 3, 4]: bins 10, -2 + 2i, -2.
  CHECK(std::vector<float>(y.data_as<float>(), y.data_as<float>() + 6) == std::vector<float>{10, 0, -2, 2, -2, 0});
  CHECK(stft(std::nullopt, [](OpTester& t) { t.attribute("onesided", int64_t{0}); }).shape() == Shape{1, 2, 4, 2});
  CHECK(stft(Tensor::from_values<float>(T::Float, {4}, {1, 1, 1, 1})).shape() == Shape{1, 2, 3, 2});
  CHECK_THROWS_AS(stft(Tensor::from_values<float>(T::Float, {2, 2}, {1, 1, 1, 1})), Error);
}

}  // namespace signal_rules_tests
