// The activation operators' attribute defaults, PRelu's broadcasting, Clip-1/6's bounds and Gelu-20 /
// Swish-24's formulas in the ONNX 1.22.0 text, each check citing its sentence. A default is checked
// by comparing the node without the attribute to the node with the attribute set to the text's
// value, and to another value, which must differ; formulas against MPFR (tests/mpfr_oracle.h).
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "mpfr_oracle.h"
#include "op_tester.h"
#include "runtime/error.h"

namespace activation_defaults_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

// Built on first use: a namespace-scope Tensor would be made before the runtime's own statics.
const Tensor& kX() {
  static const Tensor t = Tensor::from_values<float>(T::Float, {5}, {-3, -0.75f, 0.25f, 0.5f, 2});
  return t;
}
std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }

std::vector<float> apply(const char* op, int64_t v, const std::string& attr = "", float value = 0) {
  OpTester t(op, v);
  t.input(Value(kX()));
  if (!attr.empty()) t.attribute(attr, value);
  if (std::string(op) == "Selu" && v == 1) t.attribute("consumed_inputs", std::vector<int64_t>{0});
  return floats(t.run_tensor());
}

// The default of `attr` is `value`: the same outputs as with it set, others than with `other`.
void check_default(const char* op, int64_t v, const std::string& attr, float value, float other) {
  INFO(op, "-", v, " ", attr);
  CHECK(apply(op, v) == apply(op, v, attr, value));
  CHECK(apply(op, v) != apply(op, v, attr, other));
}

// spec: Elu-1: "Coefficient of ELU default to 1.0."
// spec: HardSigmoid-1: "Value of alpha default to 0.2"
// spec: HardSigmoid-1: "Value of beta default to 0.5"
// spec: LeakyRelu-1: "Coefficient of leakage default to 0.01."
// spec: Selu-1: "Coefficient of SELU default to 1.6732."
// spec: Selu-1: "Coefficient of SELU default to 1.0507."
// spec: Selu-6,22: "Coefficient of SELU default to 1.67326319217681884765625 (i.e., float32 approximation of 1.6732632423543772848170429916717)."
// spec: Selu-6,22: "Coefficient of SELU default to 1.05070102214813232421875 (i.e., float32 approximation of 1.0507009873554804934193349852946)."
// spec: Shrink-9: "Default is 0."
// spec: Shrink-9: "Default is 0.5."
// spec: Celu-12: "The default value is 1.0."
TEST_CASE("Elu-1, HardSigmoid-1, LeakyRelu-1, Selu, Shrink-9, Celu-12: the attributes' defaults") {
  check_default("Elu", 1, "alpha", 1.0f, 2.0f);
  check_default("HardSigmoid", 1, "alpha", 0.2f, 0.3f);
  check_default("HardSigmoid", 1, "beta", 0.5f, 0.25f);
  check_default("LeakyRelu", 1, "alpha", 0.01f, 0.02f);
  check_default("Selu", 1, "alpha", 1.6732f, 2.0f);
  check_default("Selu", 1, "gamma", 1.0507f, 2.0f);
  for (int64_t v : {6, 22}) {
    check_default("Selu", v, "alpha", 1.67326319217681884765625f, 2.0f);
    check_default("Selu", v, "gamma", 1.05070102214813232421875f, 2.0f);
  }
  check_default("Shrink", 9, "bias", 0.0f, 0.125f);
  check_default("Shrink", 9, "lambd", 0.5f, 1.0f);
  check_default("Celu", 12, "alpha", 1.0f, 2.0f);
}

// spec: Clip-1,6: "They default to numeric_limits::lowest() and numeric_limits::max() respectively."
TEST_CASE("Clip-1 and -6: without bounds, -inf and +inf clamp to the float range") {
  const float inf = std::numeric_limits<float>::infinity();
  for (int64_t v : {1, 6}) {
    INFO("Clip-", v);
    OpTester t("Clip", v);
    t.input(Value(Tensor::from_values<float>(T::Float, {3}, {-inf, 1, inf})));
    if (v == 1) t.attribute("consumed_inputs", std::vector<int64_t>{0});
    CHECK(floats(t.run_tensor()) == std::vector<float>{std::numeric_limits<float>::lowest(), 1, std::numeric_limits<float>::max()});
  }
}

// slope [0.5, 0.25] broadcast along the last axis of X [[-2, 3], [-4, 5]]: [[-1, 3], [-2, 5]].
// spec: PRelu-7,9,16: "This operator supports **unidirectional broadcasting** (tensor slope should be unidirectional broadcastable to input tensor X)"
// spec: PRelu-7,9,16: "The shape of slope can be smaller than first input X; if so, its shape must be unidirectional broadcastable to X"
TEST_CASE("PRelu 7 and later: slope broadcast to X; a slope that does not broadcast is refused") {
  const Tensor x = Tensor::from_values<float>(T::Float, {2, 2}, {-2, 3, -4, 5});
  for (int64_t v : {7, 9, 16}) {
    INFO("PRelu-", v);
    OpTester t("PRelu", v);
    t.input(Value(x)).input(Value(Tensor::from_values<float>(T::Float, {2}, {0.5f, 0.25f})));
    CHECK(floats(t.run_tensor()) == std::vector<float>{-1, 3, -2, 5});
    OpTester bad("PRelu", v);
    bad.input(Value(x)).input(Value(Tensor::from_values<float>(T::Float, {3}, {1, 1, 1})));
    CHECK_THROWS_AS(bad.run(), Error);
  }
}

// spec: Gelu-20: "Gelu takes one input data (Tensor<T>) and produces one output data (Tensor<T>) where the gaussian error linear units function, $y = 0.5 * x * (1 + erf(x/sqrt(2)))$ is applied to the tensor elementwise."
// spec: Gelu-20: "Gelu approximation algorithm: `"tanh"`, `"none"`(default).`"none"`: do not use approximation.`"tanh"`: use tanh approximation."
// spec: Swish-24: "Swish function takes one input data (Tensor<T>) and produces one output data (Tensor<T>) of the same shape, where $Swish(x) = x * sigmoid(alpha * x)$."
TEST_CASE("Gelu-20 (erf by default, tanh on request), Swish-24 (alpha 1 by default) against MPFR") {
  OpTester gelu("Gelu", 20);
  gelu.input(Value(kX()));
  OpTester tanh_gelu("Gelu", 20);
  tanh_gelu.input(Value(kX())).attribute("approximate", "tanh");
  OpTester swish("Swish", 24);
  swish.input(Value(kX()));
  const std::vector<float> g = floats(gelu.run_tensor()), gt = floats(tanh_gelu.run_tensor()), s = floats(swish.run_tensor());
  const auto F = numeric::Format::Float;
  for (size_t i = 0; i < 5; ++i) {
    const double x = kX().data_as<float>()[i];
    INFO("x = ", x);
    CHECK(g[i] == static_cast<float>(oracle::reference(numeric::Fn::GeluErf, F, x)));
    CHECK(gt[i] == static_cast<float>(oracle::reference(numeric::Fn::GeluTanh, F, x)));
    numeric::Args one;
    one.alpha = 1.0;
    CHECK(s[i] == static_cast<float>(oracle::reference(numeric::Fn::Swish, F, x, one)));
  }
}

}  // namespace activation_defaults_tests
