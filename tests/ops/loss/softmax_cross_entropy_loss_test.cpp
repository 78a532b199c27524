// Unit tests of ops/loss/softmax_cross_entropy_loss.cpp.
#include "helpers/losses.h"

TEST_CASE("SoftmaxCrossEntropyLoss: the NLL of the correctly rounded log-softmax, log_prob output") {
  const double ln2 = 0x1.62e42fefa39efp-1;  // ln 2 rounded to double
  const auto r = loss_run("SoftmaxCrossEntropyLoss", 13, {loss_doubles({1, 2}, {5, 5}), loss_targets({1}, {1})}, {}, 2);
  CHECK(loss_values(r.at(0)) == std::vector<double>{ln2});
  CHECK(loss_values(r.at(1)) == std::vector<double>{-ln2, -ln2});
  // Three classes with equal scores in two positions, (N, C, d) = (1, 3, 2); sum.
  const auto s = loss_run("SoftmaxCrossEntropyLoss", 12, {loss_doubles({1, 3, 2}, {0, 1, 0, 1, 0, 1}), loss_targets({1, 2}, {0, 2})},
                          loss_reduction("sum"));
  const double ln3 = 0x1.193ea7aad030bp+0;  // ln 3 rounded to double: each log_prob is -ln 3
  CHECK(loss_values(s.at(0)) == std::vector<double>{2 * ln3});
  CHECK_THROWS_AS(loss_run("SoftmaxCrossEntropyLoss", 12, {loss_doubles({1, 2}, {5, 5}), loss_targets({1}, {2})}), Error);
}
