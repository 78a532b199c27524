// BatchNormalization, InstanceNormalization, Dropout, LpNormalization, MeanVarianceNormalization,
// LayerNormalization, GroupNormalization and RMSNormalization: the shape rules, defaults and
// refusals of the ONNX 1.22.0 text, each check citing its sentence. Expected values by hand.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace normalization_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }
std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }

OpTester node(const char* op, int64_t v, std::vector<std::optional<Tensor>> inputs, const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(i ? std::optional<Value>(Value(*i)) : std::nullopt);
  if (attrs) attrs(t);
  return t;
}

// X [1, 2, 1, 2]; each channel has mean = input_mean and var = 0, so Y = B whatever epsilon is.
// spec: BatchNormalization-1: "The output 4-dimensional tensor of the same shape as X."
// spec: BatchNormalization-6: "The output tensor of the same shape as X."
// spec: BatchNormalization-7,9,14,15: "The output tensor of the same shape as X"
// spec: BatchNormalization-7,9,14,15: "An empty string may be used in the place of an actual argument's name to indicate a missing argument."
TEST_CASE("BatchNormalization, every version: Y has X's shape; outputs left out") {
  const Tensor x = f32({1, 2, 1, 2}, {3, 3, 5, 5});
  const Tensor scale = f32({2}, {2, 2}), bias = f32({2}, {1, -1}), mean = f32({2}, {3, 5}), var = f32({2}, {0, 0});
  for (int64_t v : {1, 6, 7, 9, 14, 15}) {
    INFO("BatchNormalization-", v);
    OpTester t = node("BatchNormalization", v, {x, scale, bias, mean, var}, [v](OpTester& b) {
      if (v < 7) b.attribute("is_test", int64_t{1});
      if (v == 1) b.attribute("consumed_inputs", std::vector<int64_t>{0, 0, 0, 1, 1});
    });
    const Tensor y = t.run_tensor();
    CHECK(y.shape() == Shape{1, 2, 1, 2});
    CHECK(floats(y) == std::vector<float>{1, 1, -1, -1});
  }
}

// spec: BatchNormalization-14,15: "When training_mode=False, extra outputs are invalid."
// spec: BatchNormalization-14,15: "Note that 'input_mean' and 'input_var' are expected to be the estimated statistics in inference mode (training_mode=False, default)"
TEST_CASE("BatchNormalization-14 and -15: inference by default; the running statistics outputs only in training") {
  const Tensor x = f32({1, 2, 1, 2}, {3, 3, 5, 5});
  const Tensor scale = f32({2}, {2, 2}), bias = f32({2}, {1, -1}), mean = f32({2}, {3, 5}), var = f32({2}, {0, 0});
  for (int64_t v : {14, 15}) {
    INFO("BatchNormalization-", v);
    OpTester extra = node("BatchNormalization", v, {x, scale, bias, mean, var});
    extra.outputs(3);
    CHECK_THROWS_AS(extra.run(), Error);
    OpTester trained = node("BatchNormalization", v, {x, scale, bias, mean, var}, [](OpTester& b) { b.attribute("training_mode", int64_t{1}); });
    trained.outputs(3);
    CHECK(trained.run().size() == 3);
  }
}

// spec: InstanceNormalization-1: "The output 4-dimensional tensor of the same shape as input."
// spec: InstanceNormalization-6,22: "The output tensor of the same shape as input."
TEST_CASE("InstanceNormalization, every version: the output has the input's shape") {
  const Tensor x = f32({1, 2, 2}, {4, 4, 7, 7});  // each instance constant: (x - mean) = 0, Y = B
  for (int64_t v : {1, 6, 22}) {
    const Tensor y = node("InstanceNormalization", v, {x, f32({2}, {1, 1}), f32({2}, {0.5f, -2})}).run_tensor();
    CHECK(y.shape() == Shape{1, 2, 2});
    CHECK(floats(y) == std::vector<float>{0.5f, 0.5f, -2, -2});
  }
}

// spec: Dropout-12,13,22: "It is an optional value, if not specified it will default to 0.5."
// spec: Dropout-12,13,22: "Dropout takes an input floating-point tensor, an optional input ratio (floating-point scalar) and an optional input training_mode (boolean scalar)."
// spec: Dropout-7,10,12,13,22: "An empty string may be used in the place of an actual argument's name to indicate a missing argument."
TEST_CASE("Dropout 12 and later: ratio 0.5 by default in training: kept elements are doubled") {
  std::vector<float> ones(1000, 1.0f);
  const Tensor x = f32({1000}, ones);
  const Tensor yes = Tensor::from_values<uint8_t>(T::Bool, {}, {1});
  for (int64_t v : {12, 13, 22}) {
    INFO("Dropout-", v);
    OpTester t = node("Dropout", v, {x, std::nullopt, yes});
    t.attribute("seed", int64_t{5}).outputs(2);
    const auto out = t.run();
    int kept = 0;
    for (float y : floats(out[0].tensor())) {
      CHECK((y == 0.0f || y == 2.0f));  // 1 / (1 - 0.5)
      kept += y == 2.0f;
    }
    CHECK(kept > 400);
    CHECK(kept < 600);
  }
}

// spec: Dropout-12,13,22: "If it is false, ratio is ignored and the operation mimics inference mode where nothing will be dropped from the input data and if mask is requested as output it will contain all ones"
TEST_CASE("Dropout 12 and later: training_mode false ignores the ratio; the mask is all ones") {
  const Tensor x = f32({3}, {1, -2, 3});
  const Tensor no = Tensor::from_values<uint8_t>(T::Bool, {}, {0});
  for (int64_t v : {12, 13, 22}) {
    OpTester t = node("Dropout", v, {x, f32({}, {0.9f}), no});
    t.outputs(2);
    const auto out = t.run();
    CHECK(floats(out[0].tensor()) == std::vector<float>{1, -2, 3});
    const Tensor& mask = out[1].tensor();
    CHECK(std::vector<uint8_t>(mask.data_as<uint8_t>(), mask.data_as<uint8_t>() + 3) == std::vector<uint8_t>{1, 1, 1});
  }
}

// spec: LpNormalization-1,22: "The order of the normalization, only 1 or 2 are supported."
TEST_CASE("LpNormalization, every version: p other than 1 or 2 is refused") {
  for (int64_t v : {1, 22})
    for (int64_t p : {0, 3}) {
      INFO("LpNormalization-", v, " p = ", p);
      CHECK_THROWS_AS(node("LpNormalization", v, {f32({2}, {3, 4})}, [p](OpTester& t) { t.attribute("p", p); }).run(), Error);
    }
}

// X [1, 2, 1, 2]: channel 0 = [1, 3] (mean 2, variance 1), channel 1 = [5, 5] (variance 0). Over the
// default axes [0, 2, 3] each channel is normalized on its own: [-1, 1] (1 / sqrt(1 + 1e-9) rounds to 1
// in float) and [0, 0]. Over all axes the mean would be 3.5.
// spec: MeanVarianceNormalization-9,13: "The default is to calculate along axes [0,2,3] for calculating mean and variance along each channel."
// spec: MeanVarianceNormalization-9,13: "Two variables with the same C-coordinate are associated with the same mean and variance."
TEST_CASE("MeanVarianceNormalization, every version: mean and variance per channel by default") {
  const Tensor x = f32({1, 2, 1, 2}, {1, 3, 5, 5});
  for (int64_t v : {9, 13}) {
    INFO("MeanVarianceNormalization-", v);
    CHECK(floats(node("MeanVarianceNormalization", v, {x}).run_tensor()) == std::vector<float>{-1, 1, 0, 0});
  }
}

// spec: LayerNormalization-17: "`Y` and `X` have the same shape."
// spec: LayerNormalization-17: "If rank(X) is r, axis' allowed range is [-r, r)."
// spec: LayerNormalization-17: "This operator supports unidirectional broadcasting (tensors `Scale` and `B` should be unidirectional broadcastable to tensor `X`)"
// spec: RMSNormalization-23: "`Y` and `X` have the same shape."
// spec: RMSNormalization-23: "If rank(X) is r, axis' allowed range is [-r, r)."
// spec: RMSNormalization-23: "This operator supports unidirectional broadcasting (`Scale` should be unidirectional broadcastable to tensor `X`)"
// spec: RMSNormalization-23: "Scale tensor shape should be broadcastable to the normalized shape."
TEST_CASE("LayerNormalization-17, RMSNormalization-23: Y has X's shape; axis from -r to r - 1; Scale broadcast") {
  const Tensor x = f32({2, 2}, {2, 2, 0, 0});  // constant rows: LayerNormalization gives B; RMS of a zero row is 0
  const Tensor scale = f32({1}, {3});
  const Tensor bias = f32({1}, {0.5f});
  const Tensor y = node("LayerNormalization", 17, {x, scale, bias}).run_tensor();
  CHECK(y.shape() == Shape{2, 2});
  CHECK(floats(y) == std::vector<float>{0.5f, 0.5f, 0.5f, 0.5f});
  CHECK(node("LayerNormalization", 17, {x, scale, bias}, [](OpTester& t) { t.attribute("axis", int64_t{-2}); }).run_tensor().shape() == Shape{2, 2});
  CHECK_THROWS_AS(node("LayerNormalization", 17, {x, scale, bias}, [](OpTester& t) { t.attribute("axis", int64_t{2}); }).run(), Error);
  CHECK_THROWS_AS(node("LayerNormalization", 17, {x, scale, bias}, [](OpTester& t) { t.attribute("axis", int64_t{-3}); }).run(), Error);
  CHECK_THROWS_AS(node("LayerNormalization", 17, {x, f32({3}, {1, 1, 1}), bias}).run(), Error);
  const Tensor r = node("RMSNormalization", 23, {x, scale}).run_tensor();
  CHECK(r.shape() == Shape{2, 2});
  CHECK(floats(r)[2] == 0.0f);
  CHECK_THROWS_AS(node("RMSNormalization", 23, {x, scale}, [](OpTester& t) { t.attribute("axis", int64_t{2}); }).run(), Error);
  CHECK_THROWS_AS(node("RMSNormalization", 23, {x, f32({3}, {1, 1, 1})}).run(), Error);
}

// spec: GroupNormalization-21: "The number of groups `num_groups` should be divisible by the number of channels so that there are an equal number of channels per group."
// spec: GroupNormalization-21: "It should be a divisor of the number of channels `C`."
// spec: GroupNormalization-21: "The output tensor of the same shape as `X`."
// spec: GroupNormalization-21: "where the mean and variance are computed per instance per group of channels, and `scale` and `bias` should be specified for each channel."
TEST_CASE("GroupNormalization-21: num_groups divides C; scale and bias per channel; Y has X's shape") {
  const Tensor x = f32({1, 4, 1}, {2, 2, 7, 7});  // groups of 2 channels, each constant: Y = bias
  const Tensor scale = f32({4}, {1, 1, 1, 1});
  const Tensor bias = f32({4}, {1, 2, 3, 4});
  const auto groups = [](int64_t g) { return [g](OpTester& t) { t.attribute("num_groups", g); }; };
  const Tensor y = node("GroupNormalization", 21, {x, scale, bias}, groups(2)).run_tensor();
  CHECK(y.shape() == Shape{1, 4, 1});
  CHECK(floats(y) == std::vector<float>{1, 2, 3, 4});
  CHECK_THROWS_AS(node("GroupNormalization", 21, {x, scale, bias}, groups(3)).run(), Error);
  CHECK_THROWS_AS(node("GroupNormalization", 21, {x, f32({2}, {1, 1}), f32({2}, {0, 0})}, groups(2)).run(), Error);
}

}  // namespace normalization_rules_tests
