// Unit tests of ops/signal/mel_weight_matrix.cpp.
#include "helpers/signal.h"
#include "helpers/signal_rules.h"

// spec: MelWeightMatrix-17: "Generate a MelWeightMatrix that can be used to re-weight a Tensor containing a linearly sampled frequency spectra (from DFT or STFT) into num_mel_bins frequency information based on the [lower_edge_hertz, upper_edge_hertz] range on the mel scale."
// spec: MelWeightMatrix-17: "The desired top edge of the highest frequency band."
TEST_CASE("MelWeightMatrix: hand-computed corner bins and weights") {
  // num_mel_bins 1, dft_length 64, sample_rate 1000, edges 0 and 500 Hz: mel(500) = 607.45..., the
  // points 0, 202.48..., 404.97... mel are 0, 137.77..., 302.66... Hz, i.e. 65 f / 1000 = 0, 8.955...,
  // 19.672...: bins 0, 8, 19. The band rises as j / 8 on bins 0..8 and falls as (19 - j) / 11 on 8..18.
  Attributes a = signal_defaults("MelWeightMatrix", 17);
  auto f32 = [](double v) { return Tensor::from_values<float>(T::Float, {}, {static_cast<float>(v)}); };
  const Tensor m =
      run_signal_op("MelWeightMatrix", 17,
                    {Value(scalar64(1)), Value(scalar64(64)), Value(scalar64(1000)), Value(f32(0)), Value(f32(500))},
                    a)[0]
          .tensor();
  REQUIRE(m.shape() == Shape{33, 1});
  std::vector<double> want(33, 0.0);
  for (int j = 0; j <= 8; ++j) want[j] = static_cast<float>(j / 8.0);
  for (int j = 8; j < 19; ++j) want[j] = static_cast<float>((19 - j) / 11.0);
  CHECK(signal_values(m) == want);
  // Two bands on dft_length 8 at 8000 Hz up to 4000 Hz: 9 f / 8000 = 0, 0.480..., 1.253..., 2.497...,
  // bins 0, 0, 1, 2.
  a.set("output_datatype", int64_t{11});
  const Tensor two =
      run_signal_op("MelWeightMatrix", 17,
                    {Value(scalar64(2)), Value(scalar64(8)), Value(scalar64(8000)), Value(f32(0)), Value(f32(4000))},
                    a)[0]
          .tensor();
  CHECK(two.shape() == Shape{5, 2});
  CHECK(signal_values(two) == std::vector<double>{1, 0, 0, 1, 0, 0, 0, 0, 0, 0});
  CHECK_THROWS_WITH_AS(
      run_signal_op("MelWeightMatrix", 17,
                    {Value(scalar64(2)), Value(scalar64(8)), Value(scalar64(8000)), Value(f32(0)), Value(f32(40000))},
                    a),
      doctest::Contains("beyond the floor(dft_length / 2) + 1 = 5 bins"), Error);
  CHECK_THROWS_WITH_AS(
      run_signal_op("MelWeightMatrix", 17,
                    {Value(scalar64(2)), Value(scalar64(0)), Value(scalar64(8000)), Value(f32(0)), Value(f32(400))}, a),
      "dft_length = 0 must be at least 1", Error);
  CHECK_THROWS_WITH_AS(
      run_signal_op("MelWeightMatrix", 17,
                    {Value(scalar64(2)), Value(scalar64(8)), Value(scalar64(8000)), Value(f32(300)), Value(f32(200))},
                    a),
      doctest::Contains("0 <= lower_edge_hertz <= upper_edge_hertz"), Error);
}

namespace signal_rules_tests {

// spec: MelWeightMatrix-17: "The default value is 1 = FLOAT."
// spec: MelWeightMatrix-17: "Strictly must be one of the values from DataType enum in TensorProto whose values correspond to T3."
// spec: MelWeightMatrix-17: "The size of the original DFT is used to infer the size of the onesided DFT, which is understood to be floor(dft_length/2) + 1"
TEST_CASE("MelWeightMatrix-17: float by default; [floor(dft_length / 2) + 1, num_mel_bins]") {
  const auto mel = [](const std::function<void(OpTester&)>& attrs = {}) {
    OpTester t("MelWeightMatrix", 17);
    t.input(Value(i64_scalar(3))).input(Value(i64_scalar(9))).input(Value(i64_scalar(16000)));
    t.input(Value(Tensor::from_values<float>(T::Float, {}, {0})))
        .input(Value(Tensor::from_values<float>(T::Float, {}, {8000})));
    if (attrs) attrs(t);
    return t.run_tensor();
  };
  const Tensor m = mel();
  CHECK(m.type() == T::Float);
  CHECK(m.shape() == Shape{5, 3});
  CHECK(mel([](OpTester& t) { t.attribute("output_datatype", static_cast<int64_t>(code_of(T::Double))); }).type() ==
        T::Double);
  CHECK_THROWS_AS(mel([](OpTester& t) { t.attribute("output_datatype", static_cast<int64_t>(code_of(T::String))); }),
                  Error);
}

}  // namespace signal_rules_tests
