// NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss: reductions, weights, ignore_index, the
// optional log_prob, bad targets; expected values by hand (exact dyadic inputs) and ln 2's
// correctly rounded double.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "ops/registry.h"
#include "runtime/error.h"

using namespace onnx_ref;

namespace {

std::vector<Value> loss_run(const std::string& op, int opset, std::vector<std::optional<Value>> inputs, Attributes attrs = {},
                            size_t outputs = 1) {
  const OpVersion* v = Registry::builtin().resolve("", op, opset);
  REQUIRE(v != nullptr);
  for (const auto& a : v->attributes)
    if (!attrs.has(a.name) && a.default_value) attrs.set(a.name, *a.default_value);
  if (v->check_attributes) v->check_attributes(attrs);
  KernelContext ctx(attrs, inputs, outputs);
  return v->kernel(ctx);
}
Value loss_doubles(Shape s, std::vector<double> v) { return Value(Tensor::from_values<double>(ElementType::Double, std::move(s), v)); }
Value loss_targets(Shape s, std::vector<int64_t> v) { return Value(Tensor::from_values<int64_t>(ElementType::Int64, std::move(s), v)); }
std::vector<double> loss_values(const Value& v) {
  const Tensor& t = v.tensor();
  return std::vector<double>(t.data_as<double>(), t.data_as<double>() + t.element_count());
}
Attributes loss_reduction(const std::string& r) {
  Attributes a;
  a.set("reduction", r);
  return a;
}

}  // namespace

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
