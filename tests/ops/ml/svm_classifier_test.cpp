// ai.onnx.ml SVMClassifier-1 (ops/ml/svm_classifier.cpp). Expected values are hand-computed (exact
// in binary) or come from an independent oracle in Python: exact rationals (fractions) rounded once
// at each named point, with exp, tanh and the logistic from mpmath at 400 bits, rounded to double or
// float; the pairwise coupling re-implemented there from its description (each exact product sum
// rounded once to double, the other steps IEEE double operations). Written as hex literals.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "op_tester.h"
#include "ops/registry.h"
#include "runtime/error.h"

using namespace onnx_ref;

namespace {

struct SvmcResult {
  Tensor labels, scores;
};

Attributes svmc_defaults() {
  Attributes a;
  const OpVersion* v = Registry::builtin().resolve("ai.onnx.ml", "SVMClassifier", 1);
  REQUIRE(v);
  for (const auto& spec : v->attributes)
    if (spec.default_value) a.set(spec.name, *spec.default_value);
  return a;
}

SvmcResult svmc_run(const Tensor& x, const Attributes& attrs) {
  REQUIRE(Registry::builtin().resolve("ai.onnx.ml", "SVMClassifier", 1) != nullptr);
  auto out = testing::run_node_rule("SVMClassifier", 1, {Value(x)}, attrs, 2, "ai.onnx.ml");
  REQUIRE(out.size() == 2);
  return {out[0].tensor(), out[1].tensor()};
}

std::string svmc_error(const Tensor& x, const Attributes& attrs) {
  try {
    svmc_run(x, attrs);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

template <class V>
std::vector<V> svmc_values(const Tensor& t) {
  return std::vector<V>(t.data_as<V>(), t.data_as<V>() + t.element_count());
}

std::vector<std::string> svmc_strings(const Tensor& t) { return t.strings(); }

Tensor svmc_floats(Shape shape, std::vector<float> v) {
  return Tensor::from_values<float>(ElementType::Float, std::move(shape), v);
}

// Binary, LINEAR kernel: class 0 owns [1, 2], class 1 owns [0, 1] and [2, -1]; with coefficients
// [1/2, -1/4, -1/4] and rho 1/8 the decision value is d(x) = x1 + 1/8.
Attributes svmc_binary_linear() {
  Attributes a = svmc_defaults();
  a.set("classlabels_ints", std::vector<int64_t>{10, 20});
  a.set("vectors_per_class", std::vector<int64_t>{1, 2});
  a.set("support_vectors", std::vector<float>{1, 2, 0, 1, 2, -1});
  a.set("coefficients", std::vector<float>{0.5f, -0.25f, -0.25f});
  a.set("rho", std::vector<float>{0.125f});
  return a;
}

// Three classes, POLY (x v + 1)^2 on one feature: class 0 owns [1], class 1 [2], class 2 [-1].
Attributes svmc_three_poly() {
  Attributes a = svmc_defaults();
  a.set("classlabels_strings", std::vector<std::string>{"a", "b", "c"});
  a.set("kernel_type", std::string("POLY"));
  a.set("kernel_params", std::vector<float>{1, 1, 2});
  a.set("vectors_per_class", std::vector<int64_t>{1, 1, 1});
  a.set("support_vectors", std::vector<float>{1, 2, -1});
  a.set("coefficients", std::vector<float>{1, -0.5f, 0.25f, 0.5f, 1, -1});
  a.set("rho", std::vector<float>{1, -3, -8});
  return a;
}

}  // namespace

TEST_CASE("SVMClassifier: binary LINEAR votes by the sign of d, Z = [-d, d], d = 0 votes for the second class") {
  Attributes a = svmc_binary_linear();
  // d = 3.125, -0.875 and 0 (x1 = -1/8).
  const SvmcResult r = svmc_run(svmc_floats({3, 2}, {2, 3, 1, -1, 7, -0.125f}), a);
  CHECK(svmc_values<int64_t>(r.labels) == std::vector<int64_t>{10, 20, 20});
  CHECK(r.scores.shape() == Shape{3, 2});
  CHECK(svmc_values<float>(r.scores) == std::vector<float>{-3.125f, 3.125f, 0.875f, -0.875f, 0, 0});
  // int32 features, and one row given as [F].
  const SvmcResult i = svmc_run(Tensor::from_values<int32_t>(ElementType::Int32, {2}, {2, 3}), a);
  CHECK(i.labels.shape() == Shape{1});
  CHECK(svmc_values<int64_t>(i.labels) == std::vector<int64_t>{10});
  CHECK(svmc_values<float>(i.scores) == std::vector<float>{-3.125f, 3.125f});
  // LOGISTIC applies to the pair: [1 / (1 + e^3.125), 1 / (1 + e^-3.125)], correctly rounded.
  a.set("post_transform", std::string("LOGISTIC"));
  const SvmcResult l = svmc_run(svmc_floats({1, 2}, {2, 3}), a);
  CHECK(svmc_values<float>(l.scores) == std::vector<float>{0x1.58c85cp-5f, 0x1.ea737ap-1f});
  CHECK(svmc_values<int64_t>(l.labels) == std::vector<int64_t>{10});
}

TEST_CASE("SVMClassifier: RBF and SIGMOID kernels") {
  Attributes a = svmc_defaults();
  a.set("classlabels_ints", std::vector<int64_t>{0, 1});
  a.set("kernel_type", std::string("RBF"));
  a.set("kernel_params", std::vector<float>{0.5f, 0, 0});
  a.set("vectors_per_class", std::vector<int64_t>{1, 1});
  a.set("support_vectors", std::vector<float>{1, 1, 1, 3});
  a.set("coefficients", std::vector<float>{1, -1});
  a.set("rho", std::vector<float>{0});
  // d = e^0 - e^(-0.5 * 4): exp rounded to double, the difference to float.
  SvmcResult r = svmc_run(svmc_floats({1, 2}, {1, 1}), a);
  CHECK(svmc_values<float>(r.scores) == std::vector<float>{-0x1.bab556p-1f, 0x1.bab556p-1f});
  CHECK(svmc_values<int64_t>(r.labels) == std::vector<int64_t>{0});
  // SIGMOID tanh(x . v / 2 - 1): d = 2 tanh(1) - 3 tanh(-1/2) + 1/4 for x = [1, 2], v = [2, 1], [1, 0].
  a.set("kernel_type", std::string("SIGMOID"));
  a.set("kernel_params", std::vector<float>{0.5f, -1, 0});
  a.set("support_vectors", std::vector<float>{2, 1, 1, 0});
  a.set("coefficients", std::vector<float>{2, -3});
  a.set("rho", std::vector<float>{0.25f});
  r = svmc_run(Tensor::from_values<double>(ElementType::Double, {1, 2}, {1, 2}), a);
  CHECK(svmc_values<float>(r.scores) == std::vector<float>{-0x1.946bccp+1f, 0x1.946bccp+1f});
}

TEST_CASE("SVMClassifier: three classes, POLY, string labels, one-vs-one votes with a three-way tie") {
  Attributes a = svmc_three_poly();
  // x = 1: kernels 4, 9, 0; d01 = 4 - 4.5 + 1, d02 = 2 + 0 - 3, d12 = 9 - 0 - 8: one vote each, so the
  // first class wins. x = 0: kernels 1, 1, 1: votes 0, 2, 2. x = 2: kernels 9, 25, 1: votes 1, 0, 1.
  const SvmcResult r = svmc_run(Tensor::from_values<int64_t>(ElementType::Int64, {3, 1}, {1, 0, 2}), a);
  CHECK(svmc_strings(r.labels) == std::vector<std::string>{"a", "c", "b"});
  CHECK(r.scores.shape() == Shape{3, 3});
  CHECK(svmc_values<float>(r.scores) == std::vector<float>{0.5f, -1, 1, 1.5f, -2.25f, -8, -2.5f, 1.75f, 16});
}

TEST_CASE("SVMClassifier: Platt scaling and the pairwise coupling") {
  Attributes a = svmc_binary_linear();
  a.set("prob_a", std::vector<float>{-2});
  a.set("prob_b", std::vector<float>{0.5f});
  // d = 3.125: r01 = 1 / (1 + e^-5.75); the coupling stops after one sweep, short of [r01, r10] as
  // libsvm's does. d = -0.875: two sweeps. d = 1/4: r01 = 1/2 exactly and p = 1/2 at once.
  // spec: SVMClassifier-1: "If these are provided then output Z are probability estimates, otherwise they are raw scores."
  const SvmcResult r = svmc_run(svmc_floats({3, 2}, {2, 3, 1, -1, 0, 0.125f}), a);
  CHECK(r.scores.shape() == Shape{3, 2});
  CHECK(svmc_values<float>(r.scores) ==
        std::vector<float>{0x1.fe5ed8p-1f, 0x1.a12708p-9f, 0x1.85ee38p-4f, 0x1.cf4238p-1f, 0.5f, 0.5f});
  CHECK(svmc_values<int64_t>(r.labels) == std::vector<int64_t>{10, 20, 10});

  Attributes t = svmc_three_poly();
  t.set("prob_a", std::vector<float>{-1, -0.5f, -0.25f});
  t.set("prob_b", std::vector<float>{0, 0.25f, 0});
  const SvmcResult p = svmc_run(svmc_floats({3, 1}, {1, 0, 2}), t);
  CHECK(p.scores.shape() == Shape{3, 3});
  CHECK(svmc_values<float>(p.scores) == std::vector<float>{0x1.2db888p-2f, 0x1.4622c6p-2f, 0x1.8c24b2p-2f,  //
                                                           0x1.8de4acp-3f, 0x1.2e49eap-4f, 0x1.76bd98p-1f,  //
                                                           0x1.243ce8p-4f, 0x1.cf8402p-1f, 0x1.7e8c28p-6f});
  // The label comes from the votes: x = 1 ties and gives "a" though "c" is the most probable.
  CHECK(svmc_strings(p.labels) == std::vector<std::string>{"a", "c", "b"});
}

TEST_CASE("SVMClassifier: the linear mode without support vectors adds rho[0] to every class") {
  Attributes a = svmc_defaults();
  a.set("classlabels_ints", std::vector<int64_t>{7, 8, 9});
  a.set("coefficients", std::vector<float>{1, 0, 0, 1, -1, -1});
  a.set("rho", std::vector<float>{0.5f, 100, 100});
  // [2, 3]: 2.5, 3.5, -4.5; [3, 3]: 3.5, 3.5, -5.5 (a tie: the first); [-1e8, -1]: -1e8 + 0.5
  // rounded once, -0.5, 1e8 + 1.5 rounded once.
  const SvmcResult r = svmc_run(svmc_floats({3, 2}, {2, 3, 3, 3, -1e8f, -1}), a);
  CHECK(svmc_values<int64_t>(r.labels) == std::vector<int64_t>{8, 7, 9});
  CHECK(svmc_values<float>(r.scores) == std::vector<float>{2.5f, 3.5f, -4.5f, 3.5f, 3.5f, -5.5f, -1e8f, -0.5f, 1e8f});
  a.set("kernel_type", std::string("RBF"));
  CHECK(svmc_error(svmc_floats({1, 2}, {1, 1}), a) ==
        "kernel_type 'RBF' needs support vectors, but 'vectors_per_class' gives none (the linear mode is LINEAR)");
}

TEST_CASE("SVMClassifier: bad attributes and inputs are refused naming the rule") {
  const Tensor x = svmc_floats({1, 2}, {1, 1});
  Attributes a = svmc_binary_linear();
  a.set("classlabels_strings", std::vector<std::string>{"x", "y"});
  // spec: SVMClassifier-1: "Class labels if using integer labels.<br>One and only one of the 'classlabels_*' attributes must be defined."
  // spec: SVMClassifier-1: "Class labels if using string labels.<br>One and only one of the 'classlabels_*' attributes must be defined."
  CHECK(svmc_error(x, a) == "exactly one of attributes 'classlabels_ints' and 'classlabels_strings' must be set");
  a = svmc_binary_linear();
  a.set("classlabels_ints", std::vector<int64_t>{10});
  CHECK(svmc_error(x, a) == "a classifier needs at least 2 class labels, got 1");
  a = svmc_binary_linear();
  a.set("vectors_per_class", std::vector<int64_t>{1, 1, 1});
  CHECK(svmc_error(x, a) == "attribute 'vectors_per_class' has 3 counts for 2 class labels");
  a.set("vectors_per_class", std::vector<int64_t>{4, -1});
  CHECK(svmc_error(x, a) == "attribute 'vectors_per_class' gives class 1 a negative count -1");
  a.set("vectors_per_class", std::vector<int64_t>{2, 2});
  CHECK(svmc_error(x, a) ==
        "attribute 'support_vectors' has 6 values, not a whole number of features for each of the 4 support vectors "
        "'vectors_per_class' gives");
  a = svmc_binary_linear();
  a.set("coefficients", std::vector<float>{1, 2});
  CHECK(svmc_error(x, a) ==
        "attribute 'coefficients' has 2 values, not 1 x 3 (classes - 1 rows of one per support vector)");
  a = svmc_binary_linear();
  a.set("rho", std::vector<float>{1, 2});
  CHECK(svmc_error(x, a) == "attribute 'rho' has 2 values, not 1 (one per pair of the 2 classes)");
  a = svmc_binary_linear();
  a.set("prob_a", std::vector<float>{1});
  // spec: SVMClassifier-1: "This array must be same size as prob_a."
  CHECK(svmc_error(x, a) == "attributes 'prob_a' and 'prob_b' have 1 and 0 values; they must have the same size");
  a.set("prob_a", std::vector<float>{1, 2});
  a.set("prob_b", std::vector<float>{1, 2});
  CHECK(svmc_error(x, a) == "attributes 'prob_a' and 'prob_b' have 2 values, not 1 (one per pair of the 2 classes)");
  a = svmc_binary_linear();
  a.set("kernel_params", std::vector<float>{1, 2});
  CHECK(svmc_error(x, a) == "attribute 'kernel_params' has 2 values, not 3 (gamma, coef0, degree)");
  a = svmc_binary_linear();
  CHECK(svmc_error(svmc_floats({1, 3}, {1, 1, 1}), a) == "X has 3 features, the support vectors 2");
  // spec: SVMClassifier-1: "The input must be a tensor of a numeric type, either [C] or [N,C]."
  CHECK(svmc_error(svmc_floats({1, 1, 2}, {1, 1}), a) == "X must be [N, F] or [F], got rank 3");
  Attributes l = svmc_defaults();
  l.set("classlabels_ints", std::vector<int64_t>{1, 2});
  l.set("coefficients", std::vector<float>{1, 2, 3});
  l.set("rho", std::vector<float>{0});
  CHECK(svmc_error(x, l) == "attribute 'coefficients' has 3 values, not 2 class rows of features");
  l.set("coefficients", std::vector<float>{1, 2, 3, 4, 5, 6});
  CHECK(svmc_error(x, l) == "X has 2 features, the coefficients 3 per class");
  l.set("rho", std::vector<float>{});
  CHECK(svmc_error(x, l) ==
        "attribute 'rho' has 0 values, not 1 or 2 (one per class; rho[0] is added to every class score)");
  const Attributes labelled = svmc_binary_linear();
  a = Attributes{};
  for (const auto& entry : labelled.values())
    if (entry.first != "classlabels_ints") a.set(entry.first, entry.second);
  CHECK(svmc_error(x, a) == "exactly one of attributes 'classlabels_ints' and 'classlabels_strings' must be set");
  a = svmc_binary_linear();
  a.set("post_transform", std::string("SQUARE"));
  // spec: SVMClassifier-1: "Indicates the transform to apply to the score. <br>One of 'NONE,' 'SOFTMAX,' 'LOGISTIC,' 'SOFTMAX_ZERO,' or 'PROBIT'"
  CHECK(svmc_error(x, a) ==
        "attribute 'post_transform' = 'SQUARE' is none of NONE, SOFTMAX, LOGISTIC, SOFTMAX_ZERO, PROBIT");
  CHECK(!svmc_error(Tensor::from_strings({1, 2}, {"1", "1"}), svmc_binary_linear()).empty());
}
