// Unit tests of ops/math/max.cpp.
#include "helpers/activation_ops.h"
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
      const std::vector<float> want = op == "Max"    ? std::vector<float>{3, 4}
                                      : op == "Min"  ? std::vector<float>{1, 2}
                                      : op == "Mean" ? std::vector<float>{2, 3}
                                                     : std::vector<float>{4, 6};
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

// ---- moved from max_min_lanes_test.cpp ----
// Max and Min on float tensors long enough for a vectorised loop (ops/math/max.cpp, min.cpp): the
// element-wise rules of Max-13 and Min-13 for NaN and signed zeros, checked element by element
// against the rules written out here, in both argument orders and with a broadcast scalar.

namespace {

// The rules as the operators' header comments state them (NaN propagates, the first one met;
// +0 is above -0), one element at a time.
float max_rule(float a, float b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  if (a == 0 && b == 0) return std::signbit(a) ? b : a;
  return a < b ? b : a;
}
float min_rule(float a, float b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  if (a == 0 && b == 0) return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

bool same(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("Max-13 and Min-13 on float: NaN, signed zeros and order over vector lanes and the tail") {
  const float nan_a = std::bit_cast<float>(0x7fc00001u), nan_b = std::bit_cast<float>(0x7fc00002u);
  const std::vector<float> pool{1.5f, -2.0f, 0.0f, -0.0f, nan_a, nan_b, INFINITY, -INFINITY, 3.0f, -0.5f};
  std::vector<float> a, b;
  for (float p : pool)
    for (float q : pool) {
      a.push_back(p);
      b.push_back(q);
    }
  const auto mx = values<float>(run("Max", 13, {vec<float>(T::Float, a), vec<float>(T::Float, b)}));
  const auto mn = values<float>(run("Min", 13, {vec<float>(T::Float, a), vec<float>(T::Float, b)}));
  REQUIRE(mx.size() == a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    INFO("Max/Min(" << a[i] << ", " << b[i] << ")");
    CHECK(same(mx[i], max_rule(a[i], b[i])));
    CHECK(same(mn[i], min_rule(a[i], b[i])));
  }
  // A scalar second input (the broadcast loop): -0 against every element.
  const auto ms =
      values<float>(run("Max", 13, {vec<float>(T::Float, a), Tensor::from_values<float>(T::Float, {}, {-0.0f})}));
  for (size_t i = 0; i < a.size(); ++i) CHECK(same(ms[i], max_rule(a[i], -0.0f)));
}
