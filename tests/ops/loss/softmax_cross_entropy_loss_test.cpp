// Unit tests of ops/loss/softmax_cross_entropy_loss.cpp.
#include "helpers/loss_rules.h"
#include "helpers/losses.h"

TEST_CASE("SoftmaxCrossEntropyLoss: the NLL of the correctly rounded log-softmax, log_prob output") {
  const double ln2 = 0x1.62e42fefa39efp-1;  // ln 2 rounded to double
  const auto r = loss_run("SoftmaxCrossEntropyLoss", 13, {loss_doubles({1, 2}, {5, 5}), loss_targets({1}, {1})}, {}, 2);
  CHECK(loss_values(r.at(0)) == std::vector<double>{ln2});
  CHECK(loss_values(r.at(1)) == std::vector<double>{-ln2, -ln2});
  // Three classes with equal scores in two positions, (N, C, d) = (1, 3, 2); sum.
  const auto s =
      loss_run("SoftmaxCrossEntropyLoss", 12,
               {loss_doubles({1, 3, 2}, {0, 1, 0, 1, 0, 1}), loss_targets({1, 2}, {0, 2})}, loss_reduction("sum"));
  const double ln3 = 0x1.193ea7aad030bp+0;  // ln 3 rounded to double: each log_prob is -ln 3
  CHECK(loss_values(s.at(0)) == std::vector<double>{2 * ln3});
  CHECK_THROWS_AS(loss_run("SoftmaxCrossEntropyLoss", 12, {loss_doubles({1, 2}, {5, 5}), loss_targets({1}, {2})}),
                  Error);
}

namespace loss_rules_tests {

// Scores [N = 2, C = 2, D = 1], all 0: each loss is -log(1/2) = ln 2.
// spec: SoftmaxCrossEntropyLoss-12,13: "If the input is N-D tensor with shape (N, C, D1, D2, ..., Dk), the loss tensor L may have (N, D1, D2, ..., Dk) as its shape"
// spec: SoftmaxCrossEntropyLoss-12,13: "Type of reduction to apply to loss: none, sum, mean(default)."
// spec: SoftmaxCrossEntropyLoss-12: "If reduction = 'sum', the output is scalar: Sum(L)."
// spec: SoftmaxCrossEntropyLoss-12: "If reduction = 'mean', the output is scalar: ReduceMean(L)"
// spec: SoftmaxCrossEntropyLoss-13: "* If reduction = 'none', the output is L with shape (N, D1, D2, ..., Dk). * If reduction = 'sum', the output is scalar: Sum(L). * If reduction = 'mean', the output is scalar: ReduceMean(L)"
// spec: SoftmaxCrossEntropyLoss-12,13: "Otherwise, it is a scalar."
// spec: SoftmaxCrossEntropyLoss-12,13: "Labels element value shall be in range of [0, C)."
// spec: SoftmaxCrossEntropyLoss-12,13: "If ignore_index is specified, it may have a value outside [0, C) and the label values should either be in the range [0, C) or have the value ignore_index."
// spec: SoftmaxCrossEntropyLoss-12,13: "Specifies a target value that is ignored and does not contribute to the input gradient."
// spec: SoftmaxCrossEntropyLoss-12,13: "If given, it has to be a 1D Tensor assigning weight to each of the classes."
TEST_CASE(
    "SoftmaxCrossEntropyLoss, every version: the loss shape (N, D...), mean by default, sum; labels, ignore_index, "
    "weights") {
  const float ln2 = static_cast<float>(oracle::reference(numeric::Fn::Log, numeric::Format::Float, 2.0));
  const Tensor scores = Tensor::zeros(T::Float, {2, 2, 1});
  const Tensor labels = i64({2, 1}, {0, 1});
  const auto sce = [&](int64_t v, const Tensor& l, std::optional<Tensor> w,
                       const std::function<void(OpTester&)>& attrs) {
    OpTester t("SoftmaxCrossEntropyLoss", v);
    t.input(Value(scores)).input(Value(l));
    if (w) t.input(Value(*w));
    if (attrs) attrs(t);
    return t.run_tensor();
  };
  for (int64_t v : {12, 13}) {
    INFO("SoftmaxCrossEntropyLoss-", v);
    const Tensor none = sce(v, labels, std::nullopt, reduction("none"));
    CHECK(none.shape() == Shape{2, 1});
    CHECK(floats(none) == std::vector<float>{ln2, ln2});
    const Tensor mean = sce(v, labels, std::nullopt, {});
    CHECK(mean.shape() == Shape{});
    CHECK(floats(mean) == std::vector<float>{ln2});
    CHECK(floats(sce(v, labels, std::nullopt, reduction("sum"))) == std::vector<float>{2 * ln2});
    CHECK_THROWS_AS(sce(v, i64({2, 1}, {0, 2}), std::nullopt, {}), Error);
    CHECK(floats(sce(v, i64({2, 1}, {0, -5}), std::nullopt, [](OpTester& t) {
            t.attribute("ignore_index", int64_t{-5}).attribute("reduction", "none");
          })) == std::vector<float>{ln2, 0});
    // Weights [1, 3]: mean sum(w l) / sum(w) = (ln 2 + 3 ln 2) / 4 = ln 2.
    CHECK(floats(sce(v, labels, Tensor::from_values<float>(T::Float, {2}, {1, 3}), {})) == std::vector<float>{ln2});
    CHECK_THROWS_AS(sce(v, labels, Tensor::from_values<float>(T::Float, {3}, {1, 1, 1}), {}), Error);
  }
}

}  // namespace loss_rules_tests
