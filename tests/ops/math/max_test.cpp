// Unit tests of ops/math/max.cpp.
#include "helpers/math_rules.h"

namespace math_rules_tests {

// spec: Max-1,6: "All inputs and outputs must have the same shape and data type."
// spec: Min-1,6: "All inputs and outputs must have the same shape and data type."
// spec: Mean-1,6: "All inputs and outputs must have the same shape and data type."
// spec: Sum-1,6: "All inputs and outputs must have the same shape and data type."
// spec: Max-8,12,13: "All inputs and outputs must have the same data type."
// spec: Min-8,12,13: "All inputs and outputs must have the same data type."
// spec: Mean-8,13: "All inputs and outputs must have the same data type."
// spec: Sum-8,13: "All inputs and outputs must have the same data type."
TEST_CASE("Max, Min, Mean, Sum: one data type; one shape before 8, broadcasting from 8") {
  const Tensor a = f32({2}, {1, 4});
  const Tensor b = f32({2}, {3, 2});
  const Tensor c = f32({1}, {0});
  const Tensor d = Tensor::from_values<double>(T::Double, {2}, {1, 1});
  const std::vector<std::pair<const char*, std::vector<int64_t>>> ops = {
      {"Max", {1, 6, 8, 12, 13}}, {"Min", {1, 6, 8, 12, 13}}, {"Mean", {1, 6, 8, 13}}, {"Sum", {1, 6, 8, 13}}};
  for (const auto& entry : ops)  // not a structured binding: INFO's lambda captures the name (clang)
    for (int64_t v : entry.second) {
      const char* name = entry.first;
      INFO(name, "-", v);
      const std::string op = name;
      const std::vector<float> want = op == "Max" ? std::vector<float>{3, 4} : op == "Min" ? std::vector<float>{1, 2}
                                      : op == "Mean" ? std::vector<float>{2, 3} : std::vector<float>{4, 6};
      CHECK(floats(run(name, v, {a, b})) == want);
      CHECK_THROWS_AS(run(name, v, {a, d}), Error);
      if (v < 8) {
        CHECK_THROWS_AS(run(name, v, {a, c}), Error);
      } else {
        CHECK(run(name, v, {a, c}).shape() == Shape{2});
      }
    }
}

}  // namespace math_rules_tests
