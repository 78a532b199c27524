// NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss, every version: reductions, weights,
// ignore_index and target ranges of the ONNX 1.22.0 text, each check citing its sentence. Expected
// values from the text's Example 1 and by hand (each a quotient of small integers rounded once), and
// ln 2 from MPFR (tests/mpfr_oracle.h).
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "mpfr_oracle.h"
#include "op_tester.h"
#include "runtime/error.h"

namespace loss_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }
Tensor i64(Shape s, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(T::Int64, std::move(s), v); }

// The text's Example 1: N, C, d1 = 2, 3, 2.
// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
const Tensor& kInput() {
  static const Tensor t = Tensor::from_values<float>(T::Float, {2, 3, 2}, {1, 2, 2, 2, 3, 2, 0, 1, 2, 2, 1, 2});
  return t;
}
// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
const Tensor& kTarget() {
  static const Tensor t = i64({2, 2}, {2, 1, 0, 2});
  return t;
}

Tensor nll(int64_t v, const Tensor& target, std::optional<Tensor> weight, const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t("NegativeLogLikelihoodLoss", v);
  t.input(Value(kInput())).input(Value(target));
  if (weight) t.input(Value(*weight));
  if (attrs) attrs(t);
  return t.run_tensor();
}
auto reduction(const char* r) {
  return [r](OpTester& t) { t.attribute("reduction", r); };
}

// Losses -input[n][target][d]: [[-3, -2], [-0, -2]]; their mean -7/4, their sum -7. With weights
// [0.5, 1, 2]: [[-6, -2], [-0, -4]], mean -12 / (2 + 1 + 0.5 + 2) = -24/11.
// spec: NegativeLogLikelihoodLoss-12: "Example 1: // negative log likelihood loss, "none" reduction N, C, d1 = 2, 3, 2"
// spec: NegativeLogLikelihoodLoss-12,13,22: "Type of reduction to apply to loss: none, sum, mean (default)."
// spec: NegativeLogLikelihoodLoss-12: "If "reduction" attribute is set to "mean" (the default attribute value), the output loss is (weight) averaged: mean(loss), if "weight" is not provided, or if weight is provided, sum(loss) / sum(weight[target[n][d_1][d_2]...[d_k]]]), for all samples."
// spec: NegativeLogLikelihoodLoss-13,22: "If "reduction" attribute is set to "mean" (the default attribute value), the output loss is (weight) averaged:"
// spec: NegativeLogLikelihoodLoss-12: "If "reduction" attribute is set to "sum", the output is a scalar: sum(loss)."
// spec: NegativeLogLikelihoodLoss-13,22: "If "reduction" attribute is set to "sum", the output is a scalar: `sum(loss)`."
// spec: NegativeLogLikelihoodLoss-12,13,22: "If given, it has to be a tensor of size C."
TEST_CASE("NegativeLogLikelihoodLoss, every version: the text's example; mean by default, weighted; sum; weight of size C") {
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
    CHECK(floats(nll(v, ignored, std::nullopt, [](OpTester& t) { t.attribute("ignore_index", int64_t{-1}).attribute("reduction", "none"); })) ==
          std::vector<float>{-3, 0, 0, -2});
    CHECK(floats(nll(v, ignored, std::nullopt, ignore)) == std::vector<float>{-5.0f / 3.0f});
    CHECK_THROWS_AS(nll(v, ignored, std::nullopt), Error);
    CHECK_THROWS_AS(nll(v, i64({2, 2}, {3, 1, 0, 2}), std::nullopt), Error);
  }
}

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
TEST_CASE("SoftmaxCrossEntropyLoss, every version: the loss shape (N, D...), mean by default, sum; labels, ignore_index, weights") {
  const float ln2 = static_cast<float>(oracle::reference(numeric::Fn::Log, numeric::Format::Float, 2.0));
  const Tensor scores = Tensor::zeros(T::Float, {2, 2, 1});
  const Tensor labels = i64({2, 1}, {0, 1});
  const auto sce = [&](int64_t v, const Tensor& l, std::optional<Tensor> w, const std::function<void(OpTester&)>& attrs) {
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
