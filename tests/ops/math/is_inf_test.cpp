// Unit tests of ops/math/is_inf.cpp.
#include "helpers/math_rules.h"

namespace math_rules_tests {

// spec: IsInf-10,20: "Default to 1 so that negative infinity induces true."
// spec: IsInf-10,20: "Set this attribute to 0 if negative infinity should be mapped to false."
// spec: IsInf-10,20: "Default to 1 so that positive infinity induces true."
// spec: IsInf-10,20: "Set this attribute to 0 if positive infinity should be mapped to false."
TEST_CASE("IsInf, every version: both infinities by default; each can be turned off") {
  const float inf = std::numeric_limits<float>::infinity();
  const Tensor x = f32({3}, {-inf, 1, inf});
  const auto flags = [](const Tensor& t) {
    return std::vector<uint8_t>(t.data_as<uint8_t>(), t.data_as<uint8_t>() + 3);
  };
  for (int64_t v : {10, 20}) {
    INFO("IsInf-", v);
    CHECK(flags(run("IsInf", v, {x})) == std::vector<uint8_t>{1, 0, 1});
    CHECK(flags(run("IsInf", v, {x}, [](OpTester& t) { t.attribute("detect_negative", int64_t{0}); })) ==
          std::vector<uint8_t>{0, 0, 1});
    CHECK(flags(run("IsInf", v, {x}, [](OpTester& t) { t.attribute("detect_positive", int64_t{0}); })) ==
          std::vector<uint8_t>{1, 0, 0});
  }
}

}  // namespace math_rules_tests
