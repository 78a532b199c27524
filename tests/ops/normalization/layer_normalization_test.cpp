// Unit tests of ops/normalization/layer_normalization.cpp.
#include "helpers/normalization.h"
#include "helpers/normalization_rules.h"

TEST_CASE("LayerNormalization: statistics, Mean and InvStdDev outputs, broadcast Scale, no B") {
  // Rows {1, 3} and {10, 14}: means 2 and 12, variances 1 and 4; eps 0: InvStdDev 1 and 0.5.
  const Tensor x = floats({2, 2}, {1, 3, 10, 14});
  const auto out =
      run_norm("LayerNormalization", 17, {x, floats({2}, {2, 3}), floats({2}, {1, 1})}, {{"epsilon", 0.0f}}, 3);
  REQUIRE(out.size() == 3);
  CHECK(as_doubles(out[0]) == std::vector<double>{-1, 4, -1, 4});
  CHECK(out[1].tensor().shape() == Shape{2, 1});
  CHECK(as_doubles(out[1]) == std::vector<double>{2, 12});
  CHECK(as_doubles(out[2]) == std::vector<double>{1, 0.5});
  // axis 0 over everything, Scale broadcast from [1], B absent (-0 stays -0: no addition).
  const auto all = run_norm("LayerNormalization", 17, {floats({2}, {5, 5}), floats({1}, {-1}), std::nullopt},
                            {{"axis", int64_t{0}}}, 1);
  CHECK(std::signbit(as_doubles(all[0])[0]));
  // bfloat16 statistics when stash_type = 16.
  const auto bf = run_norm("LayerNormalization", 17, {x, floats({2}, {1, 1})}, {{"stash_type", int64_t{16}}}, 2);
  CHECK(bf[1].tensor().type() == ElementType::BFloat16);
  // A float row whose naive float variance cancels: mean 16777214, deviations ±1 (x^2 needs 48 bits).
  const auto c = run_norm("LayerNormalization", 17, {floats({1, 2}, {16777215, 16777213}), floats({2}, {1, 1})},
                          {{"epsilon", 0.0f}}, 3);
  CHECK(as_doubles(c[0]) == std::vector<double>{1, -1});
  CHECK(as_doubles(c[2]) == std::vector<double>{1});
}

namespace normalization_rules_tests {

TEST_CASE("LayerNormalization-17: stash_type sets the precision of the statistics") {
  // x = {1, 1 + 2^-7} (exact in float and bfloat16): the mean 1 + 2^-8 is a float, but halfway
  // between the bfloat16 values 1 and 1 + 2^-7, so it rounds to even, 1.
  auto mean_with = [](int64_t stash) {
    OpTester t("LayerNormalization", 17);
    t.input(Value(Tensor::from_values<float>(ElementType::Float, {1, 2}, std::vector<float>{1, 1 + 0x1p-7f})));
    t.input(Value(Tensor::from_values<float>(ElementType::Float, {2}, std::vector<float>{1, 1}))).outputs(2);
    t.attribute("stash_type", stash);
    return t.run()[1].tensor();
  };
  // Mean and InvStdDev are rounded to the stash type; Y's stage one is in double whatever it names
  // (docs/DEPARTURES.md).
  // spec: LayerNormalization-17: "Depending on `stash_type` attribute, the actual computation must happen in different floating-point precision."
  CHECK(mean_with(1).data_as<float>()[0] == 1 + 0x1p-8f);
  const Tensor bf = mean_with(16);
  REQUIRE(bf.type() == ElementType::BFloat16);
  CHECK(widen(bf.data_as<BFloat16Bits>()[0]) == 1.0);
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
  CHECK(node("LayerNormalization", 17, {x, scale, bias}, [](OpTester& t) { t.attribute("axis", int64_t{-2}); })
            .run_tensor()
            .shape() == Shape{2, 2});
  CHECK_THROWS_AS(
      node("LayerNormalization", 17, {x, scale, bias}, [](OpTester& t) { t.attribute("axis", int64_t{2}); }).run(),
      Error);
  CHECK_THROWS_AS(
      node("LayerNormalization", 17, {x, scale, bias}, [](OpTester& t) { t.attribute("axis", int64_t{-3}); }).run(),
      Error);
  CHECK_THROWS_AS(node("LayerNormalization", 17, {x, f32({3}, {1, 1, 1}), bias}).run(), Error);
  const Tensor r = node("RMSNormalization", 23, {x, scale}).run_tensor();
  CHECK(r.shape() == Shape{2, 2});
  CHECK(floats(r)[2] == 0.0f);
  CHECK_THROWS_AS(node("RMSNormalization", 23, {x, scale}, [](OpTester& t) { t.attribute("axis", int64_t{2}); }).run(),
                  Error);
  CHECK_THROWS_AS(node("RMSNormalization", 23, {x, f32({3}, {1, 1, 1})}).run(), Error);
}

}  // namespace normalization_rules_tests
