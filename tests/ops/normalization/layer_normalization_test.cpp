// Unit tests of ops/normalization/layer_normalization.cpp.
#include "helpers/normalization.h"

TEST_CASE("LayerNormalization: statistics, Mean and InvStdDev outputs, broadcast Scale, no B") {
  // Rows {1, 3} and {10, 14}: means 2 and 12, variances 1 and 4; eps 0: InvStdDev 1 and 0.5.
  const Tensor x = floats({2, 2}, {1, 3, 10, 14});
  const auto out = run_norm("LayerNormalization", 17, {x, floats({2}, {2, 3}), floats({2}, {1, 1})},
                            {{"epsilon", 0.0f}}, 3);
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

namespace layer_normalization_stash_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;

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
  // spec: LayerNormalization-17: "Depending on `stash_type` attribute, the actual computation must happen in different floating-point precision."
  CHECK(mean_with(1).data_as<float>()[0] == 1 + 0x1p-8f);
  const Tensor bf = mean_with(16);
  REQUIRE(bf.type() == ElementType::BFloat16);
  CHECK(widen(bf.data_as<BFloat16Bits>()[0]) == 1.0);
}

}  // namespace layer_normalization_stash_tests
