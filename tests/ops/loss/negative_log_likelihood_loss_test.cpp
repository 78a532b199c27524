// Unit tests of ops/loss/negative_log_likelihood_loss.cpp.
#include "helpers/loss_rules.h"
#include "helpers/losses.h"

TEST_CASE("NegativeLogLikelihoodLoss: none, sum, mean, weights, ignore_index, bad targets") {
  const Value input = loss_doubles({2, 3}, {-1, -2, -3, -0.5, -1.5, -2.5});
  const Value target = loss_targets({2}, {2, 0});
  const Value weight = loss_doubles({3}, {1, 2, 4});
  const auto none = loss_run("NegativeLogLikelihoodLoss", 13, {input, target}, loss_reduction("none"));
  CHECK(loss_values(none.at(0)) == std::vector<double>{3, 0.5});
  CHECK(none.at(0).tensor().shape() == Shape{2});
  CHECK(loss_values(loss_run("NegativeLogLikelihoodLoss", 13, {input, target}, loss_reduction("sum")).at(0)) ==
        std::vector<double>{3.5});
  const auto mean = loss_run("NegativeLogLikelihoodLoss", 12, {input, target});
  CHECK(loss_values(mean.at(0)) == std::vector<double>{1.75});
  CHECK(mean.at(0).tensor().shape() == Shape{});
  CHECK(loss_values(loss_run("NegativeLogLikelihoodLoss", 22, {input, target, weight}, loss_reduction("none")).at(0)) ==
        std::vector<double>{12, 0.5});
  CHECK(loss_values(loss_run("NegativeLogLikelihoodLoss", 22, {input, target, weight}).at(0)) ==
        std::vector<double>{12.5 / 5});
  Attributes ignore = loss_reduction("mean");
  ignore.set("ignore_index", int64_t{2});
  CHECK(loss_values(loss_run("NegativeLogLikelihoodLoss", 13, {input, target}, ignore).at(0)) ==
        std::vector<double>{0.5});
  CHECK(loss_values(loss_run("NegativeLogLikelihoodLoss", 13, {input, target, weight}, ignore).at(0)) ==
        std::vector<double>{0.5});
  // (N, C, d): input [1, 2, 2], target [1, 2].
  const Value spatial = loss_doubles({1, 2, 2}, {-1, -2, -3, -4});
  CHECK(loss_values(
            loss_run("NegativeLogLikelihoodLoss", 13, {spatial, loss_targets({1, 2}, {1, 0})}, loss_reduction("none"))
                .at(0)) == std::vector<double>{3, 2});
  CHECK_THROWS_WITH_AS(loss_run("NegativeLogLikelihoodLoss", 13, {input, loss_targets({2}, {3, 0})}),
                       "target[0] = 3 is out of range: a class index must lie in [0, 2]", Error);
  CHECK_THROWS_WITH_AS(loss_run("NegativeLogLikelihoodLoss", 13, {input, loss_targets({2}, {-1, 0})}, ignore),
                       "target[0] = -1 is out of range: a class index must lie in [0, 2] or be ignore_index = 2",
                       Error);
  CHECK_THROWS_WITH_AS(loss_run("NegativeLogLikelihoodLoss", 13, {input, loss_targets({3}, {0, 0, 0})}),
                       "input target must have shape [2] (input input's shape without dimension 1), but it is int64[3]",
                       Error);
  CHECK_THROWS_WITH_AS(loss_run("NegativeLogLikelihoodLoss", 13, {input, target}, loss_reduction("avg")),
                       "attribute reduction = 'avg' is not one of 'none', 'sum', 'mean'", Error);
  CHECK_THROWS_AS(loss_run("NegativeLogLikelihoodLoss", 13, {input, target, loss_doubles({2}, {1, 1})}), Error);
}

namespace loss_rules_tests {

// Losses -input[n][target][d]: [[-3, -2], [-0, -2]]; their mean -7/4, their sum -7. With weights
// [0.5, 1, 2]: [[-6, -2], [-0, -4]], mean -12 / (2 + 1 + 0.5 + 2) = -24/11.
// spec: NegativeLogLikelihoodLoss-12: "Example 1: // negative log likelihood loss, "none" reduction N, C, d1 = 2, 3, 2"
// spec: NegativeLogLikelihoodLoss-12,13,22: "Type of reduction to apply to loss: none, sum, mean (default)."
// spec: NegativeLogLikelihoodLoss-12: "If "reduction" attribute is set to "mean" (the default attribute value), the output loss is (weight) averaged: mean(loss), if "weight" is not provided, or if weight is provided, sum(loss) / sum(weight[target[n][d_1][d_2]...[d_k]]]), for all samples."
// spec: NegativeLogLikelihoodLoss-13,22: "If "reduction" attribute is set to "mean" (the default attribute value), the output loss is (weight) averaged:"
// spec: NegativeLogLikelihoodLoss-12: "If "reduction" attribute is set to "sum", the output is a scalar: sum(loss)."
// spec: NegativeLogLikelihoodLoss-13,22: "If "reduction" attribute is set to "sum", the output is a scalar: `sum(loss)`."
// spec: NegativeLogLikelihoodLoss-12,13,22: "If given, it has to be a tensor of size C."
TEST_CASE(
    "NegativeLogLikelihoodLoss, every version: the text's example; mean by default, weighted; sum; weight of size C") {
  const Tensor weight = Tensor::from_values<float>(T::Float, {3}, {0.5f, 1, 2});
  for (int64_t v : {12, 13, 22}) {
    INFO("NegativeLogLikelihoodLoss-", v);
    const Tensor none = nll(v, kTarget(), std::nullopt, reduction("none"));
    CHECK(none.shape() == Shape{2, 2});
    CHECK(floats(none) == std::vector<float>{-3, -2, 0, -2});
    const Tensor mean = nll(v, kTarget(), std::nullopt);
    CHECK(mean.shape() == Shape{});
    CHECK(floats(mean) == std::vector<float>{-1.75f});
    CHECK(floats(nll(v, kTarget(), std::nullopt, reduction("sum"))) == std::vector<float>{-7});
    CHECK(floats(nll(v, kTarget(), weight)) == std::vector<float>{-24.0f / 11.0f});
    CHECK_THROWS_AS(nll(v, kTarget(), Tensor::from_values<float>(T::Float, {2}, {1, 1})), Error);
  }
}

// Target [[2, -1], [0, 2]] with ignore_index -1: the ignored element gives 0 and is left out of the
// mean: (-3 - 0 - 2) / 3.
// spec: NegativeLogLikelihoodLoss-12,13,22: "Specifies a target value that is ignored and does not contribute to the input gradient."
// spec: NegativeLogLikelihoodLoss-12,13,22: "Target element value shall be in range of [0, C)."
// spec: NegativeLogLikelihoodLoss-12,13,22: "If ignore_index is specified, it may have a value outside [0, C) and the target values should either be in the range [0, C) or have the value ignore_index."
// spec: NegativeLogLikelihoodLoss-12,13,22: "It encodes class labels (one of C classes) or it may contain a special value (indicated by an attribute ignore_index) for N x d1 x d2 x ... x dk samples."
TEST_CASE("NegativeLogLikelihoodLoss, every version: ignore_index; other targets outside 0 to C - 1 are refused") {
  const Tensor ignored = i64({2, 2}, {2, -1, 0, 2});
  const auto ignore = [](OpTester& t) { t.attribute("ignore_index", int64_t{-1}); };
  for (int64_t v : {12, 13, 22}) {
    INFO("NegativeLogLikelihoodLoss-", v);
    CHECK(floats(nll(v, ignored, std::nullopt, [](OpTester& t) {
            t.attribute("ignore_index", int64_t{-1}).attribute("reduction", "none");
          })) == std::vector<float>{-3, 0, 0, -2});
    CHECK(floats(nll(v, ignored, std::nullopt, ignore)) == std::vector<float>{-5.0f / 3.0f});
    CHECK_THROWS_AS(nll(v, ignored, std::nullopt), Error);
    CHECK_THROWS_AS(nll(v, i64({2, 2}, {3, 1, 0, 2}), std::nullopt), Error);
  }
}

}  // namespace loss_rules_tests
