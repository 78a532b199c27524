// Unit tests of ops/normalization/batch_normalization.cpp.
#include <doctest/doctest.h>
#include <cmath>
#include <functional>
#include <string>
#include <vector>
#include "dyadic_oracle.h"
#include "helpers/normalization.h"
#include "helpers/normalization_rules.h"
#include "node_runner.h"
#include "op_tester.h"
#include "runtime/error.h"

TEST_CASE("BatchNormalization inference: hand-computed values at every version") {
  // epsilon 0.25 with var 3.75 and 8.75: standard deviations 2 and 3 exactly.
  const Tensor x = floats({1, 2, 2}, {5, -3, 1, 7});
  const Tensor scale = floats({2}, {3, 0.5f}), bias = floats({2}, {1, -1});
  const Tensor mean = floats({2}, {1, 1}), var = floats({2}, {3.75f, 8.75f});
  for (int opset : {1, 6, 7, 9, 14, 15}) {
    AttrList attrs{{"epsilon", 0.25f}};
    if (opset == 1) attrs.push_back({"consumed_inputs", std::vector<int64_t>{}});
    const auto y = run_norm("BatchNormalization", opset, {x, scale, bias, mean, var}, attrs);
    // channel 0: (5-1)/2*3+1 = 7, (-3-1)/2*3+1 = -5; channel 1: (1-1)/3*0.5-1 = -1, (7-1)/3*0.5-1 = 0
    CHECK(as_doubles(y[0]) == std::vector<double>{7, -5, -1, 0});
  }
}

TEST_CASE("BatchNormalization training: exact batch statistics where E[x^2]-E[x]^2 cancels") {
  // Channel values 10000.5 and 10001.5 (float): mean 10001, population variance 0.25 exactly.
  // In float, E[x^2] - E[x]^2 = 100020001.25 - 100020001 loses everything (x^2 needs 31 bits).
  const Tensor x = floats({2, 1}, {10000.5f, 10001.5f});
  const Tensor one = floats({1}, {1}), zero = floats({1}, {0});
  const auto out = run_norm("BatchNormalization", 15, {x, one, zero, floats({1}, {2}), floats({1}, {4})},
                            {{"training_mode", int64_t{1}}, {"momentum", 0.5f}, {"epsilon", 0.0f}}, 3);
  REQUIRE(out.size() == 3);
  CHECK(as_doubles(out[0]) == std::vector<double>{-1, 1});  // (x - 10001) / 0.5
  CHECK(as_doubles(out[1]) == std::vector<double>{(2 + 10001) * 0.5});
  CHECK(as_doubles(out[2]) == std::vector<double>{(4 + 0.25) * 0.5});
  // Version 9: the mode follows the outputs; saved_mean and saved_var are the batch's.
  const auto old = run_norm("BatchNormalization", 9, {x, one, zero, floats({1}, {2}), floats({1}, {4})},
                            {{"momentum", 0.5f}, {"epsilon", 0.0f}}, 5);
  REQUIRE(old.size() == 5);
  CHECK(as_doubles(old[3]) == std::vector<double>{10001});
  CHECK(as_doubles(old[4]) == std::vector<double>{0.25});
  // One output: test mode, the given statistics.
  const auto test =
      run_norm("BatchNormalization", 9, {x, one, zero, floats({1}, {10001}), floats({1}, {1})}, {{"epsilon", 0.0f}}, 1);
  CHECK(as_doubles(test[0]) == std::vector<double>{-0.5, 0.5});
  // spatial = 0 (version 7): statistics per element of [C, D] over the batch.
  const Tensor x3 = floats({2, 1, 2}, {1, 10, 3, 30});
  const auto ns =
      run_norm("BatchNormalization", 7,
               {x3, floats({1, 2}, {1, 1}), floats({1, 2}, {0, 0}), floats({1, 2}, {0, 0}), floats({1, 2}, {0, 0})},
               {{"spatial", int64_t{0}}, {"epsilon", 0.0f}}, 5);
  CHECK(as_doubles(ns[0]) == std::vector<double>{-1, -1, 1, 1});
  CHECK(as_doubles(ns[3]) == std::vector<double>{2, 20});
  CHECK(as_doubles(ns[4]) == std::vector<double>{1, 100});
}

TEST_CASE("BatchNormalization training and InstanceNormalization match the MPFR oracle of their contract") {
  std::mt19937_64 rng(1729);
  std::uniform_real_distribution<double> dist(-1, 1);
  for (int trial = 0; trial < 200; ++trial) {
    const int64_t n = 1 + static_cast<int64_t>(rng() % 3), c = 1 + static_cast<int64_t>(rng() % 3),
                  d = 1 + static_cast<int64_t>(rng() % 6);
    const double offset = trial % 2 ? 1000.0 : 0.0;  // a large common offset makes E[x^2]-E[x]^2 cancel
    std::vector<float> xv, sv, bv;
    for (int64_t i = 0; i < n * c * d; ++i) xv.push_back(static_cast<float>(offset + dist(rng)));
    for (int64_t i = 0; i < c; ++i)
      sv.push_back(static_cast<float>(dist(rng) * 4)), bv.push_back(static_cast<float>(dist(rng)));
    const float eps = 1e-5f;
    const Tensor x = floats({n, c, d}, xv), s = floats({c}, sv), b = floats({c}, bv);
    const auto bn = run_norm("BatchNormalization", 15,
                             {x, s, b, floats({c}, std::vector<float>(c, 0)), floats({c}, std::vector<float>(c, 1))},
                             {{"training_mode", int64_t{1}}}, 1);
    const auto in = run_norm("InstanceNormalization", 22, {x, s, b});
    const std::vector<double> ybn = as_doubles(bn[0]), yin = as_doubles(in[0]);
    for (int64_t ch = 0; ch < c; ++ch) {
      std::vector<double> group;
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < d; ++j) group.push_back(xv[(i * c + ch) * d + j]);
      const OracleStats st = oracle_stats(group);
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < d; ++j) {
          const int64_t k = (i * c + ch) * d + j;
          CHECK(ybn[k] == oracle_normalize(xv[k], st, eps, sv[ch], bv[ch]));
        }
      for (int64_t i = 0; i < n; ++i) {
        std::vector<double> inst(xv.begin() + (i * c + ch) * d, xv.begin() + (i * c + ch + 1) * d);
        const OracleStats sti = oracle_stats(inst);
        for (int64_t j = 0; j < d; ++j) {
          const int64_t k = (i * c + ch) * d + j;
          CHECK(yin[k] == oracle_normalize(xv[k], sti, eps, sv[ch], bv[ch]));
        }
      }
    }
  }
}

// The rules of the ONNX 1.22.0 text, each test citing its sentence.
namespace normalization_rules_tests {

// spec: BatchNormalization-9: "The op also accepts single dimension input of size N in which case C is assumed to be 1."
// spec: BatchNormalization-14: "The op also accepts single dimension input of size N in which case C is assumed to be 1."
// spec: BatchNormalization-15: "The op also accepts single dimension input of size N in which case C is assumed to be 1."
TEST_CASE("BatchNormalization-9, -14, -15: a rank-1 input of size N is normalized with C = 1") {
  // Inference: (x - 1) / sqrt(4 + 0) * 2 + 0.5.
  const Tensor x = f32({3}, {1, 3, 5});
  for (int opset : {9, 14, 15}) {
    CAPTURE(opset);
    const Tensor y =
        node("BatchNormalization", opset, {x, f32({1}, {2}), f32({1}, {0.5f}), f32({1}, {1}), f32({1}, {4})},
             [](OpTester& t) { t.attribute("epsilon", 0.0f); })
            .run_tensor();
    REQUIRE(y.shape() == Shape{3});
    CHECK(y.data_as<float>()[0] == 0.5f);
    CHECK(y.data_as<float>()[1] == 2.5f);
    CHECK(y.data_as<float>()[2] == 4.5f);
  }
  // Training (14, 15): the batch [1, 3] has mean 2 and variance 1, so y = (x - 2) * 2 + 0.5.
  for (int opset : {14, 15}) {
    CAPTURE(opset);
    const Tensor y = node("BatchNormalization", opset,
                          {f32({2}, {1, 3}), f32({1}, {2}), f32({1}, {0.5f}), f32({1}, {7}), f32({1}, {9})},
                          [](OpTester& t) { t.attribute("epsilon", 0.0f).attribute("training_mode", int64_t{1}); })
                         .run_tensor();
    CHECK(y.data_as<float>()[0] == -1.5f);
    CHECK(y.data_as<float>()[1] == 2.5f);
  }
  // Version 7's text has no such sentence: rank 1 is refused there.
  CHECK_THROWS_WITH_AS(
      node("BatchNormalization", 7, {x, f32({1}, {2}), f32({1}, {0.5f}), f32({1}, {1}), f32({1}, {4})}).run_tensor(),
      doctest::Contains("rank 2 or more"), Error);
}

// X [2, 1] = {1, 3}: batch mean 2. scale 1, B 0, input_mean 0, input_var 1; five outputs asked.
OpTester bn_training_node(int64_t version) {
  OpTester t("BatchNormalization", version);
  t.input(Value(f32({2, 1}, {1, 3}))).input(Value(f32({1}, {1}))).input(Value(f32({1}, {0})));
  t.input(Value(f32({1}, {0}))).input(Value(f32({1}, {1}))).outputs(5);
  if (version == 1) t.attribute("consumed_inputs", std::vector<int64_t>{0, 0, 0, 1, 1});
  return t;
}

TEST_CASE("BatchNormalization-1 and -6: is_test 0 by default trains; momentum 0.9 by default") {
  for (int64_t v : {1, 6}) {
    CAPTURE(v);
    // Training: running_mean = 0 * momentum + 2 * (1 - momentum); with 0.9f, 1 - 0.9f = 1677722 / 2^24
    // exactly, so the result is 2 * (1 - 0.9f) exactly in float. saved_mean is the batch mean 2.
    // spec: BatchNormalization-1,6: "If set to nonzero, run spatial batch normalization in test mode, default is 0."
    // spec: BatchNormalization-1,6: "Factor used in computing the running mean and variance.e.g., running_mean = running_mean * momentum + mean * (1 - momentum), default is 0.9f."
    const auto out = bn_training_node(v).run();
    REQUIRE(out.size() == 5);
    CHECK(out[1].tensor().data_as<float>()[0] == 2.0f * (1.0f - 0.9f));
    CHECK(out[3].tensor().data_as<float>()[0] == 2.0f);
    OpTester half = bn_training_node(v);
    half.attribute("momentum", 0.5f);
    CHECK(half.run()[1].tensor().data_as<float>()[0] == 1.0f);
    // is_test = 1 is test mode, which has Y alone.
    OpTester test_mode = bn_training_node(v);
    test_mode.attribute("is_test", int64_t{1});
    expect_refused(test_mode, "is_test = 1 has only the output Y");
  }
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
    OpTester trained = node("BatchNormalization", v, {x, scale, bias, mean, var},
                            [](OpTester& b) { b.attribute("training_mode", int64_t{1}); });
    trained.outputs(3);
    CHECK(trained.run().size() == 3);
  }
}

// spec: BatchNormalization-14,15: "Depending on the mode it is being run, There are five required inputs 'X', 'scale', 'B', 'input_mean' and 'input_var'."
TEST_CASE("BatchNormalization-14 and -15: five inputs are required") {
  for (int64_t v : {14, 15}) {
    INFO("BatchNormalization-", v);
    OpTester t("BatchNormalization", v);
    t.input(Value(f32({1, 1, 2}, {1, 2})))
        .input(Value(f32({1}, {1})))
        .input(Value(f32({1}, {0})))
        .input(Value(f32({1}, {0})));
    CHECK_THROWS_AS(t.run(), Error);
  }
}

}  // namespace normalization_rules_tests

// ---- moved from batch_normalization_lanes_test.cpp ----
// BatchNormalization inference on float rows long enough for the eight-lane loop
// (ops/normalization/batch_normalization.cpp) and its scalar tail: each element is
// (x - mean) / sqrt(var + epsilon) * scale + bias, hand-computed where every step is exact, and a
// step that rounds checked against the integer oracle.

TEST_CASE("BatchNormalization-15 inference: 19 elements per channel, lanes and tail, per-channel parameters") {
  // BatchNormalization-15: "Y = (X - input_mean) / sqrt(input_var + epsilon) * scale + B".
  // epsilon 0.25 with var 3.75 and 8.75: standard deviations 2 and 3 exactly.
  std::vector<float> xs;
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < 19; ++i) xs.push_back(static_cast<float>(i * 3 - 20 + c));
  xs[9] = NAN;
  const Tensor x = floats({1, 2, 19}, xs);
  const Tensor scale = floats({2}, {3, 0.5f}), bias = floats({2}, {1, -1});
  const Tensor mean = floats({2}, {1, 4}), var = floats({2}, {3.75f, 8.75f});
  const auto y =
      as_doubles(run_norm("BatchNormalization", 15, {x, scale, bias, mean, var}, AttrList{{"epsilon", 0.25f}})[0]);
  REQUIRE(y.size() == 38);
  for (int i = 0; i < 19; ++i) {
    INFO("element " << i);
    const double x0 = i * 3 - 20, x1 = i * 3 - 19;
    if (i == 9)
      CHECK(std::isnan(y[9]));
    else
      CHECK(y[static_cast<size_t>(i)] == (x0 - 1) / 2 * 3 + 1);  // exact: halves of integers times 3
    // Channel 1 rounds: (x1 - 4) / 3 * 0.5 - 1 = (3i - 29) / 6, never a multiple of 1/3's dyadic
    // neighbours, so the double steps (within a few double ulps) round to the float nearest the
    // exact rational, which the integer oracle gives.
    const int64_t n = 3 * i - 29;
    const double want = n == 0
                            ? 0.0
                            : (n < 0 ? -1 : 1) * testing::round_quotient(static_cast<unsigned __int128>(n < 0 ? -n : n),
                                                                         6, 0, testing::kSingle);
    CHECK(y[static_cast<size_t>(19 + i)] == want);
  }
}

// ---- moved from normalization_defaults_test.cpp ----
// BatchNormalization-1/6 and InstanceNormalization-1: the epsilon and spatial defaults of the ONNX
// 1.22.0 text, each check citing its sentence. A default is checked by comparing the node without the
// attribute with the node given the text's value, and another value, which must differ.

namespace normalization_defaults_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }
std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }

std::vector<float> batch_norm(int64_t v, const std::function<void(OpTester&)>& attrs) {
  OpTester t("BatchNormalization", v);
  t.input(Value(f32({1, 2, 1, 2}, {1, 3, 5, 9}))).input(Value(f32({2}, {1, 2}))).input(Value(f32({2}, {0, 1})));
  t.input(Value(f32({2}, {2, 7}))).input(Value(f32({2}, {1, 4})));
  t.attribute("is_test", int64_t{1});
  if (v == 1) t.attribute("consumed_inputs", std::vector<int64_t>{0, 0, 0, 1, 1});
  if (attrs) attrs(t);
  return floats(t.run_tensor());
}

// spec: BatchNormalization-1,6: "The epsilon value to use to avoid division by zero, default is 1e-5f."
// spec: BatchNormalization-1,6: "If true, compute the mean and variance across all spatial elements If false, compute the mean and variance across per feature.Default is 1."
TEST_CASE("BatchNormalization-1 and -6: epsilon 1e-5 and spatial 1 by default") {
  for (int64_t v : {1, 6}) {
    INFO("BatchNormalization-", v);
    const std::vector<float> plain = batch_norm(v, {});
    CHECK(plain == batch_norm(v, [](OpTester& t) { t.attribute("epsilon", 1e-5f); }));
    CHECK(plain != batch_norm(v, [](OpTester& t) { t.attribute("epsilon", 0.5f); }));
    CHECK(plain == batch_norm(v, [](OpTester& t) { t.attribute("spatial", int64_t{1}); }));
  }
}

// spec: InstanceNormalization-1: "The epsilon value to use to avoid division by zero, default is 1e-5f."
TEST_CASE("InstanceNormalization-1: epsilon 1e-5 by default") {
  const auto instance_norm = [](const std::function<void(OpTester&)>& attrs) {
    OpTester t("InstanceNormalization", 1);
    t.input(Value(f32({1, 1, 2}, {1, 3}))).input(Value(f32({1}, {1}))).input(Value(f32({1}, {0})));
    if (attrs) attrs(t);
    return floats(t.run_tensor());
  };
  const std::vector<float> plain = instance_norm({});
  CHECK(plain == instance_norm([](OpTester& t) { t.attribute("epsilon", 1e-5f); }));
  CHECK(plain != instance_norm([](OpTester& t) { t.attribute("epsilon", 0.5f); }));
}

}  // namespace normalization_defaults_tests
