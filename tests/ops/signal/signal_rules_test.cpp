// The window functions, DFT, STFT and MelWeightMatrix: the attribute and input defaults and ranges of
// the ONNX 1.22.0 text, each check citing its sentence. Expected values are exact by hand: the DFT of
// [1, 2, 3, 4] is [10, -2 + 2i, -2, -2 - 2i]; the Hann window of 4 is [0, 0.5, 1, 0.5] (periodic) and
// [0, 0.75, 0.75, 0] (symmetric).
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace signal_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }
Tensor i64_scalar(int64_t v) { return Tensor::from_values<int64_t>(T::Int64, {}, {v}); }

Tensor window(const char* op, const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t(op, 17);
  t.input(Value(i64_scalar(4)));
  if (attrs) attrs(t);
  return t.run_tensor();
}

// spec: HannWindow-17: "The default value is 1 = FLOAT."
// spec: HammingWindow-17: "The default value is 1 = FLOAT."
// spec: BlackmanWindow-17: "The default value is 1 = FLOAT."
// spec: HannWindow-17: "The default value is 1."
// spec: HammingWindow-17: "The default value is 1."
// spec: BlackmanWindow-17: "The default value is 1."
// spec: HannWindow-17: "Strictly must be one of the values from DataType enum in TensorProto whose values correspond to T2."
// spec: HammingWindow-17: "Strictly must be one of the values from DataType enum in TensorProto whose values correspond to T2."
// spec: BlackmanWindow-17: "Strictly must be one of the values from DataType enum in TensorProto whose values correspond to T2."
TEST_CASE("HannWindow, HammingWindow, BlackmanWindow-17: float and periodic by default; output_datatype within T2") {
  const auto periodic = [](int64_t p) { return [p](OpTester& t) { t.attribute("periodic", p); }; };
  for (const char* op : {"HannWindow", "HammingWindow", "BlackmanWindow"}) {
    INFO(op);
    const Tensor w = window(op);
    CHECK(w.type() == T::Float);
    CHECK(floats(w) == floats(window(op, periodic(1))));
    CHECK(floats(w) != floats(window(op, periodic(0))));
    CHECK(window(op, [](OpTester& t) { t.attribute("output_datatype", static_cast<int64_t>(code_of(T::Double))); }).type() == T::Double);
    CHECK_THROWS_AS(window(op, [](OpTester& t) { t.attribute("output_datatype", static_cast<int64_t>(code_of(T::String))); }), Error);
  }
  CHECK(floats(window("HannWindow")) == std::vector<float>{0, 0.5f, 1, 0.5f});
  CHECK(floats(window("HannWindow", periodic(0))) == std::vector<float>{0, 0.75f, 0.75f, 0});
}

// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
const Tensor& kSignal() {
  static const Tensor t = Tensor::from_values<float>(T::Float, {1, 4, 1}, {1, 2, 3, 4});
  return t;
}
const std::vector<float> kSpectrum = {10, 0, -2, 2, -2, 0, -2, -2};

// spec: DFT-17: "By default this value is set to 1, which corresponds to the first dimension after the batch index."
// spec: DFT-17: "By default this value is set to 0, which corresponds to false."
// spec: DFT-17: "When invoked with real or complex valued input, the default value is 0."
// spec: DFT-17: "If less than the axis dimension, only the first dft_length values will be used as the signal."
// spec: DFT-17,20: "Accepted range is $[-r, -2] \cup [0, r-2]$ where `r = rank(input)`."
// spec: DFT-17,20: "The last dimension is for representing complex numbers and thus is an invalid axis."
TEST_CASE("DFT-17: axis 1, forward and two-sided by default; a shorter dft_length truncates; the last axis is refused") {
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
  CHECK(floats(dft([](OpTester& t) { t.attribute("axis", int64_t{1}).attribute("onesided", int64_t{0}).attribute("inverse", int64_t{0}); })) ==
        kSpectrum);
  // The first two values [1, 2]: [3, -1].
  CHECK(floats(dft({}, i64_scalar(2))) == std::vector<float>{3, 0, -1, 0});
  CHECK_THROWS_AS(dft([](OpTester& t) { t.attribute("axis", int64_t{2}); }), Error);
  CHECK_THROWS_AS(dft([](OpTester& t) { t.attribute("axis", int64_t{-1}); }), Error);
}

// spec: DFT-20: "Default is `-2` (last signal axis)."
// spec: DFT-20: "Default is 0, which corresponds to `false`."
// spec: DFT-20: "Default is `0`."
// spec: DFT-20: "If less than the axis dimension, only the first `dft_length` values will be used as the signal."
TEST_CASE("DFT-20: axis -2, forward and two-sided by default; a shorter dft_length truncates; the last axis is refused") {
  const auto dft = [](std::optional<Tensor> length, std::optional<Tensor> axis, const std::function<void(OpTester&)>& attrs = {}) {
    OpTester t("DFT", 20);
    t.input(Value(kSignal()));
    t.input(length ? std::optional<Value>(Value(*length)) : std::nullopt);
    if (axis) t.input(Value(*axis));
    if (attrs) attrs(t);
    return t.run_tensor();
  };
  CHECK(floats(dft(std::nullopt, std::nullopt)) == kSpectrum);
  CHECK(floats(dft(std::nullopt, i64_scalar(-2), [](OpTester& t) { t.attribute("onesided", int64_t{0}).attribute("inverse", int64_t{0}); })) ==
        kSpectrum);
  CHECK(floats(dft(i64_scalar(2), std::nullopt)) == std::vector<float>{3, 0, -1, 0});
  CHECK_THROWS_AS(dft(std::nullopt, i64_scalar(-1)), Error);
  CHECK_THROWS_AS(dft(std::nullopt, i64_scalar(2)), Error);
}

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

// spec: MelWeightMatrix-17: "The default value is 1 = FLOAT."
// spec: MelWeightMatrix-17: "Strictly must be one of the values from DataType enum in TensorProto whose values correspond to T3."
// spec: MelWeightMatrix-17: "The size of the original DFT is used to infer the size of the onesided DFT, which is understood to be floor(dft_length/2) + 1"
TEST_CASE("MelWeightMatrix-17: float by default; [floor(dft_length / 2) + 1, num_mel_bins]") {
  const auto mel = [](const std::function<void(OpTester&)>& attrs = {}) {
    OpTester t("MelWeightMatrix", 17);
    t.input(Value(i64_scalar(3))).input(Value(i64_scalar(9))).input(Value(i64_scalar(16000)));
    t.input(Value(Tensor::from_values<float>(T::Float, {}, {0}))).input(Value(Tensor::from_values<float>(T::Float, {}, {8000})));
    if (attrs) attrs(t);
    return t.run_tensor();
  };
  const Tensor m = mel();
  CHECK(m.type() == T::Float);
  CHECK(m.shape() == Shape{5, 3});
  CHECK(mel([](OpTester& t) { t.attribute("output_datatype", static_cast<int64_t>(code_of(T::Double))); }).type() == T::Double);
  CHECK_THROWS_AS(mel([](OpTester& t) { t.attribute("output_datatype", static_cast<int64_t>(code_of(T::String))); }), Error);
}

}  // namespace signal_rules_tests
