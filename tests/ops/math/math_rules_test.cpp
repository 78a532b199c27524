// Add, Sub, Mul, Div, Pow (legacy broadcasting), Max, Min, Mean, Sum, Erf, Sign, Round, IsInf and
// Mod: the rules of the ONNX 1.22.0 text, each check citing its sentence. Expected values by hand
// (small integers and halves: every result exact).
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace math_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(T::Float, std::move(s), v); }
std::vector<float> floats(const Tensor& t) { return {t.data_as<float>(), t.data_as<float>() + t.element_count()}; }

Tensor run(const char* op, int64_t v, std::vector<Tensor> inputs, const std::function<void(OpTester&)>& attrs = {}) {
  OpTester t(op, v);
  for (auto& i : inputs) t.input(Value(std::move(i)));
  if (attrs) attrs(t);
  return t.run_tensor();
}
const auto kBroadcast = [](OpTester& t) { t.attribute("broadcast", int64_t{1}); };

// A = 0..5 as (2, 3). B (1, 1): one element for all; B (3,): suffix matching, one per column;
// B (2,) with axis = 0: one per row.
// spec: Add-1,6: "When broadcasting is specified, the second tensor can either be of element size 1 (including a scalar tensor and any tensor with rank equal to or smaller than the first tensor), or having its shape as a contiguous subset of the first tensor's shape."
// spec: Sub-1,6: "When broadcasting is specified, the second tensor can either be of element size 1"
// spec: Mul-1,6: "When broadcasting is specified, the second tensor can either be of element size 1"
// spec: Div-1,6: "When broadcasting is specified, the second tensor can either be of element size 1"
// spec: Pow-1: "When broadcasting is specified, the second tensor can either be of element size 1"
// spec: Add-1,6: "The starting of the mutually equal shape is specified by the argument "axis", and if it is not set, suffix matching is assumed."
// spec: Sub-1,6: "The starting of the mutually equal shape is specified by the argument "axis", and if it is not set, suffix matching is assumed."
// spec: Mul-1,6: "The starting of the mutually equal shape is specified by the argument "axis", and if it is not set, suffix matching is assumed."
// spec: Div-1,6: "The starting of the mutually equal shape is specified by the argument "axis", and if it is not set, suffix matching is assumed."
// spec: Pow-1: "The starting of the mutually equal shape is specified by the argument "axis", and if it is not set, suffix matching is assumed."
// spec: Add-1,6: "For example, the following tensor shapes are supported (with broadcast=1):"
// spec: Sub-1,6: "For example, the following tensor shapes are supported (with broadcast=1):"
// spec: Mul-1,6: "For example, the following tensor shapes are supported (with broadcast=1):"
// spec: Div-1,6: "For example, the following tensor shapes are supported (with broadcast=1):"
// spec: Pow-1: "For example, the following tensor shapes are supported (with broadcast=1):"
// spec: Add-1,6: "B is a scalar tensor shape(A) = (2, 3, 4, 5), shape(B) = (1, 1), i.e."
// spec: Sub-1,6: "B is a scalar tensor shape(A) = (2, 3, 4, 5), shape(B) = (1, 1), i.e."
// spec: Mul-1,6: "B is a scalar tensor shape(A) = (2, 3, 4, 5), shape(B) = (1, 1), i.e."
// spec: Div-1,6: "B is a scalar tensor shape(A) = (2, 3, 4, 5), shape(B) = (1, 1), i.e."
// spec: Pow-1: "B is a scalar tensor shape(A) = (2, 3, 4, 5), shape(B) = (1, 1), i.e."
// spec: Add-1,6: "If broadcasting is disabled it should be of the same size."
// spec: Sub-1,6: "If broadcasting is disabled it should be of the same size."
// spec: Mul-1,6: "If broadcasting is disabled it should be of the same size."
// spec: Div-1,6: "If broadcasting is disabled it should be of the same size."
TEST_CASE("Add, Sub, Mul, Div 1 and 6, Pow-1: broadcast = 1 with a one-element B, suffix matching or axis; else same shapes") {
  const Tensor a = f32({2, 3}, {0, 1, 2, 3, 4, 5});
  const std::vector<std::pair<const char*, std::vector<int64_t>>> ops = {
      {"Add", {1, 6}}, {"Sub", {1, 6}}, {"Mul", {1, 6}}, {"Div", {1, 6}}, {"Pow", {1}}};
  for (const auto& entry : ops)  // not a structured binding: INFO's lambda captures the name (clang)
    for (int64_t v : entry.second) {
      const char* name = entry.first;
      INFO(name, "-", v);
      const std::string op = name;
      const auto apply = [&op](float x, float y) {
        if (op == "Add") return x + y;
        if (op == "Sub") return x - y;
        if (op == "Mul") return x * y;
        if (op == "Div") return x / y;
        return std::pow(x, y);
      };
      // B = 2 everywhere.
      std::vector<float> want;
      for (float x : floats(a)) want.push_back(apply(x, 2));
      CHECK(floats(run(name, v, {a, f32({1, 1}, {2})}, kBroadcast)) == want);
      // Suffix matching: B (3,) = [1, 2, 4] per column.
      const std::vector<float> cols = {1, 2, 4};
      want.clear();
      for (int i = 0; i < 6; ++i) want.push_back(apply(floats(a)[static_cast<size_t>(i)], cols[static_cast<size_t>(i % 3)]));
      CHECK(floats(run(name, v, {a, f32({3}, cols)}, kBroadcast)) == want);
      // axis = 0: B (2,) = [1, 2] per row.
      want.clear();
      for (int i = 0; i < 6; ++i) want.push_back(apply(floats(a)[static_cast<size_t>(i)], i < 3 ? 1.0f : 2.0f));
      CHECK(floats(run(name, v, {a, f32({2}, {1, 2})}, [](OpTester& t) { t.attribute("broadcast", int64_t{1}).attribute("axis", int64_t{0}); })) == want);
      // Without broadcast = 1, B of another shape is refused.
      CHECK_THROWS_AS(run(name, v, {a, f32({3}, cols)}), Error);
    }
}

// spec: Add-1,6: "First operand, should share the type with the second operand."
// spec: Sub-1,6: "First operand, should share the type with the second operand."
// spec: Mul-1,6: "First operand, should share the type with the second operand."
// spec: Div-1,6: "First operand, should share the type with the second operand."
TEST_CASE("Add, Sub, Mul, Div 1 and 6: operands of different types are refused") {
  const Tensor a = f32({1}, {1});
  const Tensor b = Tensor::from_values<double>(T::Double, {1}, {1});
  for (const char* name : {"Add", "Sub", "Mul", "Div"})
    for (int64_t v : {1, 6}) {
      INFO(name, "-", v);
      CHECK_THROWS_AS(run(name, v, {a, b}), Error);
    }
}

// spec: Add-14: "(Opset 14 change): Extend supported types to include uint8, int8, uint16, and int16."
// spec: Sub-14: "(Opset 14 change): Extend supported types to include uint8, int8, uint16, and int16."
// spec: Mul-14: "(Opset 14 change): Extend supported types to include uint8, int8, uint16, and int16."
// spec: Div-14: "(Opset 14 change): Extend supported types to include uint8, int8, uint16, and int16."
TEST_CASE("Add, Sub, Mul, Div-14: int8 (wrapping) runs; at 13 it is refused") {
  const Tensor a = Tensor::from_values<int8_t>(T::Int8, {1}, {100});
  const Tensor b = Tensor::from_values<int8_t>(T::Int8, {1}, {-3});
  // 100 + (-3) = 97; 100 - (-3) = 103; 100 * (-3) = -300 wraps to -44; 100 / (-3) truncates to -33.
  const std::vector<std::pair<const char*, int8_t>> ops = {{"Add", 97}, {"Sub", 103}, {"Mul", -44}, {"Div", -33}};
  for (const auto& entry : ops) {
    const char* name = entry.first;
    const int8_t want = entry.second;
    INFO(name);
    CHECK(run(name, 14, {a, b}).data_as<int8_t>()[0] == want);
    CHECK_THROWS_AS(run(name, 13, {a, b}), Error);
  }
}

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

// spec: Erf-9,13: "Computes the error function of the given input tensor element-wise."
// spec: Erf-9,13: "It has the same shape and type of the input."
// spec: Sign-9,13: "It has the same shape and type of the input."
// spec: Round-11,22: "The output tensor has the same shape and type as the input."
TEST_CASE("Erf, Sign, Round: the input's shape and type") {
  const Tensor x = Tensor::from_values<double>(T::Double, {1, 3}, {0, -2.5, std::numeric_limits<double>::infinity()});
  for (int64_t v : {9, 13}) {
    const Tensor e = run("Erf", v, {x});
    REQUIRE(e.type() == T::Double);
    REQUIRE(e.shape() == Shape{1, 3});
    CHECK(e.data_as<double>()[0] == 0.0);
    CHECK(e.data_as<double>()[2] == 1.0);
    const Tensor s = run("Sign", v, {x});
    REQUIRE(s.type() == T::Double);
    CHECK(std::vector<double>(s.data_as<double>(), s.data_as<double>() + 3) == std::vector<double>{0, -1, 1});
  }
  for (int64_t v : {11, 22}) {
    const Tensor r = run("Round", v, {x});
    REQUIRE(r.type() == T::Double);
    REQUIRE(r.shape() == Shape{1, 3});
    CHECK(r.data_as<double>()[1] == -2.0);  // half to even
  }
}

// spec: IsInf-10,20: "Default to 1 so that negative infinity induces true."
// spec: IsInf-10,20: "Set this attribute to 0 if negative infinity should be mapped to false."
// spec: IsInf-10,20: "Default to 1 so that positive infinity induces true."
// spec: IsInf-10,20: "Set this attribute to 0 if positive infinity should be mapped to false."
TEST_CASE("IsInf, every version: both infinities by default; each can be turned off") {
  const float inf = std::numeric_limits<float>::infinity();
  const Tensor x = f32({3}, {-inf, 1, inf});
  const auto flags = [](const Tensor& t) { return std::vector<uint8_t>(t.data_as<uint8_t>(), t.data_as<uint8_t>() + 3); };
  for (int64_t v : {10, 20}) {
    INFO("IsInf-", v);
    CHECK(flags(run("IsInf", v, {x})) == std::vector<uint8_t>{1, 0, 1});
    CHECK(flags(run("IsInf", v, {x}, [](OpTester& t) { t.attribute("detect_negative", int64_t{0}); })) == std::vector<uint8_t>{0, 0, 1});
    CHECK(flags(run("IsInf", v, {x}, [](OpTester& t) { t.attribute("detect_positive", int64_t{0}); })) == std::vector<uint8_t>{1, 0, 0});
  }
}

// Integer mod takes the divisor's sign: -7 mod 3 = 2, 7 mod -3 = -2. fmod takes the dividend's:
// fmod(-7, 3) = -1, fmod(7.5, -2) = 1.5.
// spec: Mod-10: "The sign of the remainder is the same as that of the Divisor."
// spec: Mod-10: "In this case, the sign of the remainder however, will be the same as the Dividend (in contrast to integer mod)."
// spec: Mod-10: "This attribute is set to 0 by default causing the behavior to be like integer mod."
// spec: Mod-10: "If the input type is floating point, then `fmod` attribute must be set to 1."
// spec: Mod-10,13: "Whether the operator should behave like fmod (default=0 meaning it will do integer mods); Set this to 1 to force fmod treatment"
// spec: Mod-13: "The semantics and supported data types depend on the value of the `fmod` attribute which must be `0` (default), or `1`."
// spec: Mod-13: "The result is exactly the value `x - n * y`, where `n` is `x / y` with its fractional part truncated."
// spec: Mod-13: "The returned value has the same sign as `x` (except if `x` is `-0`) and is less or equal to `|y|` in magnitude."
TEST_CASE("Mod, every version: integer mod by default (the divisor's sign); fmod = 1 for floats (the dividend's)") {
  const Tensor x = Tensor::from_values<int32_t>(T::Int32, {2}, {-7, 7});
  const Tensor y = Tensor::from_values<int32_t>(T::Int32, {2}, {3, -3});
  const auto fmod = [](OpTester& t) { t.attribute("fmod", int64_t{1}); };
  for (int64_t v : {10, 13}) {
    INFO("Mod-", v);
    const Tensor m = run("Mod", v, {x, y});
    CHECK(std::vector<int32_t>(m.data_as<int32_t>(), m.data_as<int32_t>() + 2) == std::vector<int32_t>{2, -2});
    const Tensor f = run("Mod", v, {x, y}, fmod);
    CHECK(std::vector<int32_t>(f.data_as<int32_t>(), f.data_as<int32_t>() + 2) == std::vector<int32_t>{-1, 1});
    CHECK(floats(run("Mod", v, {f32({2}, {-7, 7.5f}), f32({2}, {3, -2})}, fmod)) == std::vector<float>{-1, 1.5f});
    CHECK_THROWS_AS(run("Mod", v, {f32({1}, {1}), f32({1}, {1})}), Error);
    CHECK_THROWS_AS(run("Mod", v, {x, y}, [](OpTester& t) { t.attribute("fmod", int64_t{2}); }), Error);
  }
}

// spec: Mod-13: "- If `x` is `±∞` and `y` is not `NaN`, `NaN` is returned. - If `y` is `±0` and `x` is not `NaN`, `NaN` should be returned. - If `y` is `±∞` and `x` is finite, `x` is returned. - If either argument is `NaN`, `NaN` is returned."
TEST_CASE("Mod-13 with fmod = 1: the special cases of infinities, zeros and NaN") {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  const Tensor r = run("Mod", 13, {f32({5}, {inf, 1, 2.5f, nan, 1}), f32({5}, {2, 0, -inf, 1, nan})},
                       [](OpTester& t) { t.attribute("fmod", int64_t{1}); });
  const std::vector<float> got = floats(r);
  CHECK(std::isnan(got[0]));
  CHECK(std::isnan(got[1]));
  CHECK(got[2] == 2.5f);
  CHECK(std::isnan(got[3]));
  CHECK(std::isnan(got[4]));
}

}  // namespace math_rules_tests
