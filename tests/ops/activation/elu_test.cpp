// Unit tests of ops/activation/elu.cpp.
#include "helpers/activation_defaults.h"

namespace activation_defaults_tests {

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

}  // namespace activation_defaults_tests
