// Unit tests of ops/reduce/cum_sum.cpp.
#include <doctest/doctest.h>
#include <string>
#include "helpers/scan_topk_dropout.h"
#include "runtime/error.h"

TEST_CASE("CumSum: each float prefix is the exact prefix sum rounded once (exact rationals)") {
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int64_t> mantissa(-(1 << 24) + 1, (1 << 24) - 1);
  std::uniform_int_distribution<int> exponent(-20, 20);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 1 + trial % 17;
    std::vector<float> x(static_cast<size_t>(n));
    std::vector<__int128> units(static_cast<size_t>(n));  // x in units of 2^-20
    for (int i = 0; i < n; ++i) {
      const int64_t m = mantissa(rng);
      const int e = exponent(rng);
      x[static_cast<size_t>(i)] = std::ldexp(static_cast<float>(m), e);
      units[static_cast<size_t>(i)] = static_cast<__int128>(m) << (e + 20);
    }
    const bool exclusive = trial % 3 == 1, reverse = trial % 4 >= 2;
    const auto y = scan_values<float>(
        scan_topk_run("CumSum", 14, {float_tensor({n}, x), int64_scalar(0)}, flags(exclusive, reverse)).at(0));
    __int128 acc = 0;
    for (int k = 0; k < n; ++k) {
      const int i = reverse ? n - 1 - k : k;
      if (!exclusive) acc += units[static_cast<size_t>(i)];
      const double expected = testing::round_rational(acc, static_cast<__int128>(1) << 20, 24);
      INFO("trial " << trial << " element " << i);
      CHECK(static_cast<double>(y[static_cast<size_t>(i)]) == expected);
      if (exclusive) acc += units[static_cast<size_t>(i)];
    }
  }
}

TEST_CASE("CumSum: axes, exclusive, reverse, integers wrap, signed zeros, float16, bad axis") {
  // [[1, 2, 3], [4, 5, 6]] along axis 1 and axis -2.
  const Value x = float_tensor({2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(scan_values<float>(scan_topk_run("CumSum", 11, {x, int64_scalar(1)}, flags(0, 0)).at(0)) ==
        std::vector<float>{1, 3, 6, 4, 9, 15});
  CHECK(scan_values<float>(scan_topk_run("CumSum", 11, {x, int64_scalar(-2)}, flags(0, 0)).at(0)) ==
        std::vector<float>{1, 2, 3, 5, 7, 9});
  CHECK(scan_values<float>(scan_topk_run("CumSum", 11, {x, int64_scalar(1)}, flags(1, 0)).at(0)) ==
        std::vector<float>{0, 1, 3, 0, 4, 9});
  CHECK(scan_values<float>(scan_topk_run("CumSum", 11, {x, int64_scalar(1)}, flags(0, 1)).at(0)) ==
        std::vector<float>{6, 5, 3, 15, 11, 6});
  CHECK(scan_values<float>(scan_topk_run("CumSum", 11, {x, int64_scalar(1)}, flags(1, 1)).at(0)) ==
        std::vector<float>{5, 3, 0, 11, 6, 0});
  // Exact prefixes: float addition in order would give 0 for the last one, and 2^-30 is kept.
  const auto big = scan_values<float>(
      scan_topk_run("CumSum", 11, {float_tensor({3}, {1e30f, 0x1p-30f, -1e30f}), int64_scalar(0)}, flags(0, 0)).at(0));
  CHECK(big[2] == 0x1p-30f);
  const auto zeros = scan_values<float>(
      scan_topk_run("CumSum", 11, {float_tensor({3}, {-0.0f, -0.0f, 0.0f}), int64_scalar(0)}, flags(0, 0)).at(0));
  CHECK(std::signbit(zeros[0]));
  CHECK(std::signbit(zeros[1]));
  CHECK(!std::signbit(zeros[2]));
  const auto excl = scan_values<float>(
      scan_topk_run("CumSum", 11, {float_tensor({2}, {-0.0f, -0.0f}), int64_scalar(0)}, flags(1, 0)).at(0));
  CHECK(!std::signbit(excl[0]));  // the empty prefix is +0
  CHECK(std::signbit(excl[1]));
  const auto inf = scan_values<float>(
      scan_topk_run("CumSum", 11, {float_tensor({3}, {1, INFINITY, -INFINITY}), int64_scalar(0)}, flags(0, 0)).at(0));
  CHECK(inf[1] == INFINITY);
  CHECK(std::isnan(inf[2]));
  const Value ints(Tensor::from_values<int32_t>(ElementType::Int32, {3}, std::vector<int32_t>{INT32_MAX, 1, 5}));
  CHECK(scan_values<int32_t>(scan_topk_run("CumSum", 11, {ints, int64_scalar(0)}, flags(0, 0)).at(0)) ==
        std::vector<int32_t>{INT32_MAX, INT32_MIN, INT32_MIN + 5});
  // float16: 2048 + 1 + 1 is 2050 exactly, where float16 addition in order gives 2048.
  std::vector<uint16_t> h;
  for (double v : {2048.0, 1.0, 1.0}) h.push_back(static_cast<uint16_t>(encode_small_float(ElementType::Float16, v)));
  const auto hs = scan_values<uint16_t>(
      scan_topk_run("CumSum", 14, {Value(Tensor::from_values<uint16_t>(ElementType::Float16, {3}, h)), int64_scalar(0)},
                    flags(0, 0))
          .at(0));
  CHECK(decode_small_float(ElementType::Float16, hs[1]) == 2048);  // 2049 ties to even
  CHECK(decode_small_float(ElementType::Float16, hs[2]) == 2050);
  const Value axis32(Tensor::from_values<int32_t>(ElementType::Int32, {}, std::vector<int32_t>{0}));  // "A 0-D tensor"
  CHECK(scan_values<float>(scan_topk_run("CumSum", 11, {float_tensor({2}, {1, 2}), axis32}, flags(0, 0)).at(0)) ==
        std::vector<float>{1, 3});
  CHECK_THROWS_WITH_AS(scan_topk_run("CumSum", 11, {x, int64_scalar(2)}, flags(0, 0)),
                       "axis = 2 is out of range for rank 2 (valid: -2 to 1)", Error);
  CHECK_THROWS_WITH_AS(scan_topk_run("CumSum", 11, {x, int64_vector({0, 1})}, flags(0, 0)),
                       "input axis must be a 0-D tensor (a scalar), but it is int64[2]", Error);
  CHECK_THROWS_WITH_AS(scan_topk_run("CumSum", 11, {x, int64_scalar(0)}, flags(2, 0)),
                       "attribute 'exclusive' must be 0 or 1, got 2", Error);
}

// spec: CumSum-11: "A 0-D tensor. Must be in the range [-rank(x), rank(x)-1]."
// spec: CumSum-14: "A 0-D tensor. Must be in the range [-rank(x), rank(x)-1]."
TEST_CASE("CumSum-11 and -14: the axis must be a 0-D tensor; a [1] tensor is refused") {
  const Value x = float_tensor({3}, {1, 2, 3});
  for (int opset : {11, 14}) {
    CAPTURE(opset);
    const Value axis(Tensor::from_values<int32_t>(ElementType::Int32, {}, std::vector<int32_t>{0}));
    CHECK(scan_values<float>(scan_topk_run("CumSum", opset, {x, axis}).at(0))[2] == 6.0f);
    const Value axis1(Tensor::from_values<int32_t>(ElementType::Int32, {1}, std::vector<int32_t>{0}));
    CHECK_THROWS_WITH_AS(scan_topk_run("CumSum", opset, {x, axis1}), doctest::Contains("must be a 0-D tensor"), Error);
  }
}

// spec: CumSum-*: "By default, it will do the sum inclusively meaning the first element is copied as is."
// spec: CumSum-*: "Output tensor of the same type as 'x' with cumulative sums of the x's elements"
// spec: CumSum-*: "axis tensor can be int32 or int64 only"
// spec: CumProd-26: "By default, it will do the product inclusively meaning the first element is copied as is."
// spec: CumProd-26: "Output tensor of the same type as 'x' with cumulative products of the x's elements"
// spec: CumProd-26: "axis tensor can be int32 or int64 only"
TEST_CASE("CumSum-11/14, CumProd-26: inclusive by default, the type of x, an int32 or int64 axis only") {
  const Tensor x = Tensor::from_values<double>(ElementType::Double, {4}, {3, 2, 5, -1});
  const std::vector<std::pair<const char*, int64_t>> versions = {{"CumSum", 11}, {"CumSum", 14}, {"CumProd", 26}};
  for (const auto& entry : versions) {  // not a structured binding: INFO's lambda captures it (clang)
    const char* name = entry.first;
    const int64_t v = entry.second;
    INFO(name, "-", v);
    const bool sum = std::string(name) == "CumSum";
    const std::vector<double> want = sum ? std::vector<double>{3, 5, 10, 9} : std::vector<double>{3, 6, 30, -30};
    for (ElementType axis_type : {ElementType::Int32, ElementType::Int64}) {
      const Tensor axis = axis_type == ElementType::Int32 ? Tensor::from_values<int32_t>(ElementType::Int32, {}, {0})
                                                          : Tensor::from_values<int64_t>(ElementType::Int64, {}, {0});
      testing::OpTester t(name, v);
      t.input(Value(x)).input(Value(axis));
      const Tensor y = t.run_tensor();
      REQUIRE(y.type() == ElementType::Double);
      REQUIRE(y.shape() == Shape{4});
      for (size_t i = 0; i < 4; ++i) CHECK(y.data_as<double>()[i] == want[i]);
    }
    testing::OpTester bad(name, v);
    bad.input(Value(x)).input(Value(Tensor::from_values<int16_t>(ElementType::Int16, {}, {0})));
    CHECK_THROWS_AS(bad.run(), Error);
  }
}
