// Unit tests of ops/activation/gelu.cpp.
#include "helpers/activation_defaults.h"

namespace activation_defaults_tests {

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
  const std::vector<float> g = floats(gelu.run_tensor()), gt = floats(tanh_gelu.run_tensor()),
                           s = floats(swish.run_tensor());
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
