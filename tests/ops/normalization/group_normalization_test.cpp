// Unit tests of ops/normalization/group_normalization.cpp.
#include "helpers/group_normalization_rules.h"
#include "helpers/more_normalizations.h"
#include "helpers/normalization_rules.h"

TEST_CASE("GroupNormalization: 18 scales per group, 21 per channel; channels must divide into groups") {
  // X [1, 4, 2]: groups {c0, c1} = {1, 3, 5, 7} and {c2, c3} = {0, 0, 4, 4}.
  const Value x = norm_doubles({1, 4, 2}, {1, 3, 5, 7, 0, 0, 4, 4});
  Attributes a;
  a.set("num_groups", int64_t{2});
  a.set("epsilon", 0.0f);
  const double d0 = std::sqrt(5.0), d1 = std::sqrt(4.0);  // variances 5 and 4
  // GroupNormalization-18 is deprecated: it runs only with the loader's opt-in.
  LoadOptions allow;
  allow.allow_deprecated = true;
  const auto y18 = norm_values(testing::OpTester("GroupNormalization", 18)
                                   .inputs({x, norm_doubles({2}, {2, 1}), norm_doubles({2}, {0, 1})})
                                   .attributes(a)
                                   .load_options(allow)
                                   .run()
                                   .at(0));
  // spec: GroupNormalization-18: "where the mean and variance are computed per instance per group of channels, and `scale` and `bias` should be specified for each group of channels."
  CHECK(y18[0] == (1 - 4) / d0 * 2);
  CHECK(y18[3] == (7 - 4) / d0 * 2);
  CHECK(y18[4] == (0 - 2) / d1 + 1);
  const auto y21 = norm_values(
      norm_run("GroupNormalization", 21, {x, norm_doubles({4}, {1, 2, 3, 4}), norm_doubles({4}, {0, 0, 0, 5})}, a)
          .at(0));
  CHECK(y21[2] == (5 - 4) / d0 * 2);
  CHECK(y21[7] == (4 - 2) / d1 * 4 + 5);
  CHECK_THROWS_WITH_AS(norm_run("GroupNormalization", 21, {x, norm_doubles({2}, {1, 1}), norm_doubles({2}, {0, 0})}, a),
                       "input scale must have shape [4], but it is double[2]", Error);
  // No channels: the output is empty at once, whatever num_groups says.
  Attributes many;
  many.set("num_groups", int64_t{1} << 50);
  CHECK(norm_run("GroupNormalization", 21, {norm_doubles({1, 0, 2}, {}), norm_doubles({0}, {}), norm_doubles({0}, {})},
                 many)
            .at(0)
            .tensor()
            .shape() == Shape{1, 0, 2});
  Attributes three;
  three.set("num_groups", int64_t{3});
  CHECK_THROWS_WITH_AS(
      norm_run("GroupNormalization", 21, {x, norm_doubles({4}, {1, 1, 1, 1}), norm_doubles({4}, {0, 0, 0, 0})}, three),
      "num_groups = 3 must be at least 1 and divide the channel count 4", Error);
}

namespace group_normalization_rules_tests {

// GroupNormalization-18 (deprecated, so with the loader's opt-in) over X [1, 2, 4], scale 1, bias 0
// per group.
Tensor group_norm_18(int64_t groups) {
  LoadOptions allow;
  allow.allow_deprecated = true;
  OpTester t("GroupNormalization", 18);
  t.input(Value(f32({1, 2, 4}, kData))).input(Value(f32({groups}, std::vector<float>(static_cast<size_t>(groups), 1))));
  t.input(Value(f32({groups}, std::vector<float>(static_cast<size_t>(groups), 0))))
      .attribute("num_groups", groups)
      .load_options(allow);
  return t.run_tensor();
}

TEST_CASE("GroupNormalization-18: C groups is InstanceNormalization, one group LayerNormalization; groups divide C") {
  OpTester instance("InstanceNormalization", 6);
  instance.input(Value(f32({1, 2, 4}, kData))).input(Value(f32({2}, {1, 1}))).input(Value(f32({2}, {0, 0})));
  // spec: GroupNormalization-18: "When the number of groups is the same as the number of channels, this operator is equivalent to InstanceNormalization."
  CHECK(group_norm_18(2).identical_to(instance.run_tensor()));
  OpTester layer("LayerNormalization", 17);
  layer.input(Value(f32({1, 2, 4}, kData))).input(Value(f32({1}, {1}))).input(Value(f32({1}, {0})));
  layer.attribute("axis", int64_t{1});
  // spec: GroupNormalization-18: "When there is only one group, this operator is equivalent to LayerNormalization."
  CHECK(group_norm_18(1).identical_to(layer.run_tensor()));
  LoadOptions allow;
  allow.allow_deprecated = true;
  OpTester three("GroupNormalization", 18);
  three.input(Value(f32({1, 2, 4}, kData))).input(Value(f32({3}, {1, 1, 1}))).input(Value(f32({3}, {0, 0, 0})));
  three.attribute("num_groups", int64_t{3}).load_options(allow);
  // spec: GroupNormalization-18: "The number of groups `num_groups` should be divisible by the number of channels so that there are an equal number of channels per group."
  expect_refused(three, "must be at least 1 and divide the channel count 2");
}

TEST_CASE("GroupNormalization-21: stage one in double whatever stash_type names (docs/DEPARTURES.md)") {
  // One channel of {1, 1 + 2^-7}, epsilon 0: the deviations are +-2^-8 and Y = {-1, 1} exactly. A
  // bfloat16 stage one would round the mean 1 + 2^-8 to 1 and give another Y; onnx-ref computes
  // stage one in double for every stash type, so stash_type = 16 gives the same Y. A stash type
  // that is no floating type is refused.
  auto y_with = [](std::optional<int64_t> stash) {
    OpTester t("GroupNormalization", 21);
    t.input(Value(f32({1, 1, 2}, {1, 1 + 0x1p-7f}))).input(Value(f32({1}, {1}))).input(Value(f32({1}, {0})));
    t.attribute("num_groups", int64_t{1}).attribute("epsilon", 0.0f);
    if (stash) t.attribute("stash_type", *stash);
    return t.run_tensor();
  };
  // spec: GroupNormalization-21: "The floating-point precision used in stage one of the computation."
  const Tensor y = y_with(std::nullopt);
  CHECK(std::vector<float>(y.data_as<float>(), y.data_as<float>() + 2) == std::vector<float>{-1, 1});
  CHECK(y_with(16).identical_to(y));
  CHECK_THROWS_WITH_AS(y_with(7), doctest::Contains("stash_type = 7 is not a floating type"), Error);
}

}  // namespace group_normalization_rules_tests

namespace normalization_rules_tests {

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

namespace group_normalization_rules_tests {

// spec: GroupNormalization-21: "When the number of groups is the same as the number of channels, this operator is equivalent to InstanceNormalization."
TEST_CASE("GroupNormalization-21: one channel per group is InstanceNormalization") {
  OpTester instance("InstanceNormalization", 22);
  instance.input(Value(f32({1, 2, 4}, kData))).input(Value(f32({2}, {1, 1}))).input(Value(f32({2}, {0, 0})));
  CHECK(group_norm(2).identical_to(instance.run_tensor()));
}

// spec: GroupNormalization-21: "When there is only one group, this operator is equivalent to LayerNormalization."
TEST_CASE("GroupNormalization-21: one group is LayerNormalization over the channels and the rest") {
  OpTester layer("LayerNormalization", 17);
  layer.input(Value(f32({1, 2, 4}, kData)))
      .input(Value(f32({2, 4}, std::vector<float>(8, 1))))
      .input(Value(f32({2, 4}, std::vector<float>(8, 0))));
  layer.attribute("axis", int64_t{1});
  CHECK(group_norm(1).identical_to(layer.run_tensor()));
}

}  // namespace group_normalization_rules_tests
