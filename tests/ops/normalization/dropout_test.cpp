// Unit tests of ops/normalization/dropout.cpp.
#include "helpers/normalization_rules.h"
#include "helpers/scan_topk_dropout.h"

TEST_CASE("Dropout: outside training the data passes through and the mask is all true") {
  const Value x = float_tensor({2, 2}, {1, -2, NAN, 4});
  const auto r7 = scan_topk_run("Dropout", 7, {x}, {}, 2);
  CHECK(r7.at(0).tensor().shares_storage_with(x.tensor()));
  CHECK(scan_values<float>(r7.at(1)) == std::vector<float>{1, 1, 1, 1});  // Dropout-7's mask has the data's type
  const auto r10 = scan_topk_run("Dropout", 10, {x}, {}, 2);
  CHECK(r10.at(1).tensor().type() == ElementType::Bool);
  CHECK(scan_values<uint8_t>(r10.at(1)) == std::vector<uint8_t>{1, 1, 1, 1});
  Attributes test_mode;
  test_mode.set("is_test", int64_t{1});
  CHECK(scan_topk_run("Dropout", 6, {x}, test_mode).at(0).tensor().shares_storage_with(x.tensor()));
  const Value ratio(Tensor::from_values<float>(ElementType::Float, {}, std::vector<float>{0.0f}));
  const Value yes(Tensor::from_values<uint8_t>(ElementType::Bool, {}, std::vector<uint8_t>{1}));
  const auto zero_ratio = scan_topk_run("Dropout", 13, {x, ratio, yes}, {}, 2);  // training with ratio 0
  CHECK(zero_ratio.at(0).tensor().shares_storage_with(x.tensor()));
  CHECK(scan_values<uint8_t>(zero_ratio.at(1)) == std::vector<uint8_t>{1, 1, 1, 1});
  const Value one(Tensor::from_values<float>(ElementType::Float, {}, std::vector<float>{1.0f}));
  CHECK_THROWS_WITH_AS(scan_topk_run("Dropout", 12, {x, one}),
                       "input ratio must lie in [0, 1) (a drop probability; 1 would divide by zero), got 1.000000",
                       Error);
  Attributes bad;
  bad.set("ratio", -0.5f);
  CHECK_THROWS_AS(scan_topk_run("Dropout", 10, {x}, bad), Error);
  const Value vec_ratio(Tensor::from_values<float>(ElementType::Float, {1}, std::vector<float>{0.5f}));
  CHECK_THROWS_WITH_AS(scan_topk_run("Dropout", 13, {x, vec_ratio}), "input ratio must be a scalar, but it is float[1]",
                       Error);
}

TEST_CASE("Dropout: training mode keeps element i when the seeded stream's u_i >= ratio, and scales it") {
  const int n = 4000;
  const Value x = float_tensor({n}, std::vector<float>(n, 3.0f));
  const Value ratio(Tensor::from_values<float>(ElementType::Float, {}, std::vector<float>{0.75f}));
  const Value yes(Tensor::from_values<uint8_t>(ElementType::Bool, {}, std::vector<uint8_t>{1}));
  Attributes seeded;
  seeded.set("seed", int64_t{-7});
  const auto r = scan_topk_run("Dropout", 22, {x, ratio, yes}, seeded, 2);
  const auto y = scan_values<float>(r.at(0));
  const auto mask = scan_values<uint8_t>(r.at(1));
  const RandomStream stream(static_cast<uint64_t>(int64_t{-7}), 0);  // the documented stream
  int kept = 0;
  for (int i = 0; i < n; ++i) {
    const bool keep = stream.uniform_double(static_cast<uint64_t>(i)) >= 0.75;
    CHECK(mask[static_cast<size_t>(i)] == (keep ? 1 : 0));
    CHECK(y[static_cast<size_t>(i)] == (keep ? 12.0f : 0.0f));  // 3 / (1 - 0.75), exact
    kept += keep;
  }
  CHECK(kept > 850);  // about a quarter of 4000 kept
  CHECK(kept < 1150);
  // The same seed gives the same mask; another seed another one.
  CHECK(scan_values<uint8_t>(scan_topk_run("Dropout", 22, {x, ratio, yes}, seeded, 2).at(1)) == mask);
  Attributes other;
  other.set("seed", int64_t{8});
  CHECK(scan_values<uint8_t>(scan_topk_run("Dropout", 22, {x, ratio, yes}, other, 2).at(1)) != mask);
}

namespace normalization_rules_tests {

TEST_CASE("Dropout-1 and -6: is_test 0 by default (training), ratio 0.5 by default") {
  const int n = 64;
  const Tensor x = Tensor::from_values<float>(ElementType::Float, {n}, std::vector<float>(n, 3.0f));
  for (int64_t v : {1, 6}) {
    CAPTURE(v);
    OpTester train("Dropout", v);
    train.input(Value(x)).outputs(2);
    // Training with ratio 0.5: each element is dropped (0) or kept and scaled by 1 / (1 - 0.5): 6.
    // spec: Dropout-1,6: "(int, default 0) if nonzero, run dropout in test mode where the output is simply Y = X."
    // spec: Dropout-1,6: "(float, default 0.5) the ratio of random dropout"
    const auto out = train.run();
    int kept = 0;
    for (int i = 0; i < n; ++i) {
      const float y = out[0].tensor().data_as<float>()[i], mask = out[1].tensor().data_as<float>()[i];
      CHECK((y == 6.0f || y == 0.0f));
      CHECK(mask == (y == 6.0f ? 1.0f : 0.0f));
      kept += y == 6.0f;
    }
    CHECK(kept > 0);
    CHECK(kept < n);
    OpTester test_mode("Dropout", v);
    test_mode.input(Value(x)).attribute("is_test", int64_t{1});
    CHECK(test_mode.run_tensor().identical_to(x));
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

}  // namespace normalization_rules_tests
