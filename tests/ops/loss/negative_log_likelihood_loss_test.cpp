// Unit tests of ops/loss/negative_log_likelihood_loss.cpp.
#include "helpers/losses.h"

TEST_CASE("NegativeLogLikelihoodLoss: none, sum, mean, weights, ignore_index, bad targets") {
  const Value input = loss_doubles({2, 3}, {-1, -2, -3, -0.5, -1.5, -2.5});
  const Value target = loss_targets({2}, {2, 0});
  const Value weight = loss_doubles({3}, {1, 2, 4});
  const auto none = loss_run("NegativeLogLikelihoodLoss", 13, {input, target}, loss_reduction("none"));
  CHECK(loss_values(none.at(0)) == std::vector<double>{3, 0.5});
  CHECK(none.at(0).tensor().shape() == Shape{2});
  CHECK(loss_values(loss_run("NegativeLogLikelihoodLoss", 13, {input, target}, loss_reduction("sum")).at(0)) == std::vector<double>{3.5});
  const auto mean = loss_run("NegativeLogLikelihoodLoss", 12, {input, target});
  CHECK(loss_values(mean.at(0)) == std::vector<double>{1.75});
  CHECK(mean.at(0).tensor().shape() == Shape{});
  CHECK(loss_values(loss_run("NegativeLogLikelihoodLoss", 22, {input, target, weight}, loss_reduction("none")).at(0)) == std::vector<double>{12, 0.5});
  CHECK(loss_values(loss_run("NegativeLogLikelihoodLoss", 22, {input, target, weight}).at(0)) == std::vector<double>{12.5 / 5});
  Attributes ignore = loss_reduction("mean");
  ignore.set("ignore_index", int64_t{2});
  CHECK(loss_values(loss_run("NegativeLogLikelihoodLoss", 13, {input, target}, ignore).at(0)) == std::vector<double>{0.5});
  CHECK(loss_values(loss_run("NegativeLogLikelihoodLoss", 13, {input, target, weight}, ignore).at(0)) == std::vector<double>{0.5});
  // (N, C, d): input [1, 2, 2], target [1, 2].
  const Value spatial = loss_doubles({1, 2, 2}, {-1, -2, -3, -4});
  CHECK(loss_values(loss_run("NegativeLogLikelihoodLoss", 13, {spatial, loss_targets({1, 2}, {1, 0})}, loss_reduction("none")).at(0)) ==
        std::vector<double>{3, 2});
  CHECK_THROWS_WITH_AS(loss_run("NegativeLogLikelihoodLoss", 13, {input, loss_targets({2}, {3, 0})}),
                       "target[0] = 3 is out of range: a class index must lie in [0, 2]", Error);
  CHECK_THROWS_WITH_AS(loss_run("NegativeLogLikelihoodLoss", 13, {input, loss_targets({2}, {-1, 0})}, ignore),
                       "target[0] = -1 is out of range: a class index must lie in [0, 2] or be ignore_index = 2", Error);
  CHECK_THROWS_WITH_AS(loss_run("NegativeLogLikelihoodLoss", 13, {input, loss_targets({3}, {0, 0, 0})}),
                       "input target must have shape [2] (input input's shape without dimension 1), but it is int64[3]", Error);
  CHECK_THROWS_WITH_AS(loss_run("NegativeLogLikelihoodLoss", 13, {input, target}, loss_reduction("avg")),
                       "attribute reduction = 'avg' is not one of 'none', 'sum', 'mean'", Error);
  CHECK_THROWS_AS(loss_run("NegativeLogLikelihoodLoss", 13, {input, target, loss_doubles({2}, {1, 1})}), Error);
}
