// DynamicQuantizeLinear-11 on large tensors (several parallel chunks, lengths not a multiple of the
// vector width) under every kernel configuration, against the spec's function body evaluated here
// in scalar float32: y_scale = fl(fl(max(0, max x) - min(0, min x)) / 255), y_zero_point =
// saturate(round(-min / y_scale)), y = saturate(round(fl(x / y_scale)) + y_zero_point), rounding
// ties to even (IEEE float32 division is the rounded-once quotient the body's Div gives).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <random>

#include "helpers/quant.h"
#include "int8_kernel_configs.h"
#include "model_builder.h"
#include "runtime/error.h"

namespace {

using ET = ElementType;

std::vector<Tensor> run_dql(const std::vector<float>& x) {
  ModelBuilder b(11);
  b.input("x", ET::Float, {static_cast<int64_t>(x.size())});
  for (const char* o : {"y", "s", "z"}) b.output(o);
  b.node("DynamicQuantizeLinear", {"x"}, {"y", "s", "z"}).set_name("n");
  std::map<std::string, Value> feeds;
  feeds.emplace("x", Tensor::from_values<float>(ET::Float, {static_cast<int64_t>(x.size())}, x));
  std::vector<Tensor> out;
  for (auto& kv : b.build().run(feeds)) out.push_back(kv.second.tensor());
  return out;
}

struct Quantized {
  float scale = 0;
  uint8_t zero = 0;
  std::vector<uint8_t> y;
};

Quantized body(const std::vector<float>& x) {
  float lo = 0, hi = 0;
  for (float v : x) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  Quantized q;
  q.scale = (hi - lo) / 255.0f;
  const float z = std::nearbyint(std::fmin(std::fmax(-(lo / q.scale), 0.0f), 255.0f));
  q.zero = static_cast<uint8_t>(z);
  for (float v : x)
    q.y.push_back(static_cast<uint8_t>(std::fmin(std::fmax(std::nearbyint(v / q.scale) + z, 0.0f), 255.0f)));
  return q;
}

void check(const std::vector<float>& x) {
  const Quantized e = body(x);
  for_each_int8_kernel_config([&] {
    const std::vector<Tensor> out = run_dql(x);
    REQUIRE(out.size() == 3);
    CHECK(out[1].data_as<float>()[0] == e.scale);
    CHECK(out[2].data_as<uint8_t>()[0] == e.zero);
    std::vector<uint8_t> y(x.size());
    std::memcpy(y.data(), out[0].data(), y.size());
    CHECK(y == e.y);
  });
}

}  // namespace

TEST_CASE("DynamicQuantizeLinear-11: large tensors, every chunking and vector width") {
  std::mt19937 rng(11);
  std::normal_distribution<float> d(0.3f, 2.0f);
  std::vector<float> x(200003);
  for (float& v : x) v = d(rng);
  check(x);
  // Only positive values (zero point 0) and a length below one vector.
  for (float& v : x) v = std::fabs(v);
  check(x);
  check({0.25f, 3.0f, 1.0f});
  // Ties: the range [-127.5, 127.5] gives scale 1 and zero point round(127.5) = 128; every x = k + 0.5
  // is a tie and rounds to the even neighbour (2.5 -> 2, 3.5 -> 4, -0.5 -> -0).
  std::vector<float> ties;
  for (int k = -128; k <= 127; ++k) ties.push_back(static_cast<float>(k) + 0.5f);
  for (int r = 0; r < 300; ++r) ties.push_back(static_cast<float>(r % 256 - 128) + 0.5f);
  const Quantized t = body(ties);
  CHECK(t.scale == 1.0f);
  CHECK(t.zero == 128);
  CHECK(t.y[static_cast<size_t>(128 + 2)] == 130);  // 2.5 -> 2, + 128
  CHECK(t.y[static_cast<size_t>(128 + 3)] == 132);  // 3.5 -> 4, + 128
  check(ties);
}

TEST_CASE("DynamicQuantizeLinear-11: a non-finite element deep in a large tensor is named") {
  std::vector<float> x(100000, 1.0f);
  x[70001] = -INFINITY;
  for_each_int8_kernel_config(
      [&] { CHECK_THROWS_WITH_AS(run_dql(x), doctest::Contains("element 70001 is -inf"), Error); });
}

TEST_CASE("DynamicQuantizeLinear: ONNX's example and hand computation") {
  // The spec's example: x = [0, 2, -3, -2.5, 1.34, 0.5]: scale fl(5 / 255), zero point
  // round(3 / scale) = 153; 0.5 / scale is just below 25.5 exactly, but its float32 quotient is
  // 25.5, which rounds to 26: y[5] = 179.
  const auto out =
      quant_run("DynamicQuantizeLinear", 11,
                {Tensor::from_values<float>(T::Float, {6}, {0.0f, 2.0f, -3.0f, -2.5f, 1.34f, 0.5f})}, {}, 3);
  CHECK(quant_values<float>(out[1]) == std::vector<float>{5.0f / 255.0f});
  // spec: DynamicQuantizeLinear-11: "It's a scalar, which means a per-tensor/layer quantization."
  CHECK(out[1].shape() == Shape{});
  CHECK(quant_values<uint8_t>(out[2]) == std::vector<uint8_t>{153});
  // spec: DynamicQuantizeLinear-11: "for saturation, it saturates to [0, 255] if it's uint8"
  // spec: DynamicQuantizeLinear-11: "Right now only uint8 is supported. * rounding to nearest ties to even."
  CHECK(quant_values<uint8_t>(out[0]) == std::vector<uint8_t>{153, 255, 0, 26, 221, 179});
  // Only positive values: the range starts at 0, the zero point is 0; 1000 / fl(1000 / 255) = 255.
  const auto pos = quant_run("DynamicQuantizeLinear", 11,
                             {Tensor::from_values<float>(T::Float, {3}, {1000.0f, 1.0f, 3.9215686f})}, {}, 3);
  // spec: DynamicQuantizeLinear-11: "data range is adjusted to include 0."
  CHECK(quant_values<uint8_t>(pos[2]) == std::vector<uint8_t>{0});
  CHECK(quant_values<uint8_t>(pos[0]) == std::vector<uint8_t>{255, 0, 1});
  // All zeros: scale 0, zero point 0, y 0.
  const auto zeros =
      quant_run("DynamicQuantizeLinear", 11, {Tensor::from_values<float>(T::Float, {2}, {0.0f, -0.0f})}, {}, 3);
  CHECK(quant_values<float>(zeros[1]) == std::vector<float>{0.0f});
  CHECK(quant_values<uint8_t>(zeros[2]) == std::vector<uint8_t>{0});
  CHECK(quant_values<uint8_t>(zeros[0]) == std::vector<uint8_t>{0, 0});
  CHECK_THROWS_WITH_AS(
      quant_run("DynamicQuantizeLinear", 11, {Tensor::from_values<float>(T::Float, {2}, {1.0f, NAN})}, {}, 3),
      doctest::Contains("element 1 is NaN"), Error);
  CHECK_THROWS_WITH_AS(
      quant_run("DynamicQuantizeLinear", 11, {Tensor::from_values<float>(T::Float, {2}, {3e38f, -3e38f})}, {}, 3),
      doctest::Contains("overflows float32"), Error);
}
