// CumSum, CumProd, TopK and Dropout: CumSum's prefixes against exact rationals
// (tests/rational_oracle.h), CumProd's steps, TopK's order (ties, NaN, largest, k), Dropout outside
// training; expected values computed by hand or by integer arithmetic, never by onnx-ref.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "numeric/random.h"
#include "ops/registry.h"
#include "rational_oracle.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"

using namespace onnx_ref;

namespace {

std::vector<Value> scan_topk_run(const std::string& op, int opset, std::vector<std::optional<Value>> inputs,
                                 Attributes attrs = {}, size_t outputs = 1) {
  const OpVersion* v = Registry::builtin().resolve("", op, opset);
  REQUIRE(v != nullptr);
  for (const auto& a : v->attributes)
    if (!attrs.has(a.name) && a.default_value) attrs.set(a.name, *a.default_value);
  if (v->check_attributes) v->check_attributes(attrs);
  KernelContext ctx(attrs, inputs, outputs);
  return v->kernel(ctx);
}

template <class T>
std::vector<T> scan_values(const Value& v) {
  const Tensor& t = v.tensor();
  const T* p = t.data_as<T>();
  return std::vector<T>(p, p + t.element_count());
}

Value int64_scalar(int64_t v) { return Value(Tensor::from_values<int64_t>(ElementType::Int64, {}, std::vector<int64_t>{v})); }
Value int64_vector(std::vector<int64_t> v) {
  const auto n = static_cast<int64_t>(v.size());
  return Value(Tensor::from_values<int64_t>(ElementType::Int64, {n}, v));
}
Value float_tensor(Shape s, std::vector<float> v) { return Value(Tensor::from_values<float>(ElementType::Float, std::move(s), v)); }

Attributes flags(int64_t exclusive, int64_t reverse) {
  Attributes a;
  a.set("exclusive", exclusive);
  a.set("reverse", reverse);
  return a;
}

}  // namespace

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
    const auto y = scan_values<float>(scan_topk_run("CumSum", 14, {float_tensor({n}, x), int64_scalar(0)}, flags(exclusive, reverse)).at(0));
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
  CHECK(scan_values<float>(scan_topk_run("CumSum", 11, {x, int64_scalar(1)}, flags(0, 0)).at(0)) == std::vector<float>{1, 3, 6, 4, 9, 15});
  CHECK(scan_values<float>(scan_topk_run("CumSum", 11, {x, int64_scalar(-2)}, flags(0, 0)).at(0)) == std::vector<float>{1, 2, 3, 5, 7, 9});
  CHECK(scan_values<float>(scan_topk_run("CumSum", 11, {x, int64_scalar(1)}, flags(1, 0)).at(0)) == std::vector<float>{0, 1, 3, 0, 4, 9});
  CHECK(scan_values<float>(scan_topk_run("CumSum", 11, {x, int64_scalar(1)}, flags(0, 1)).at(0)) == std::vector<float>{6, 5, 3, 15, 11, 6});
  CHECK(scan_values<float>(scan_topk_run("CumSum", 11, {x, int64_scalar(1)}, flags(1, 1)).at(0)) == std::vector<float>{5, 3, 0, 11, 6, 0});
  // Exact prefixes: float addition in order would give 0 for the last one, and 2^-30 is kept.
  const auto big = scan_values<float>(scan_topk_run("CumSum", 11, {float_tensor({3}, {1e30f, 0x1p-30f, -1e30f}), int64_scalar(0)}, flags(0, 0)).at(0));
  CHECK(big[2] == 0x1p-30f);
  const auto zeros = scan_values<float>(scan_topk_run("CumSum", 11, {float_tensor({3}, {-0.0f, -0.0f, 0.0f}), int64_scalar(0)}, flags(0, 0)).at(0));
  CHECK(std::signbit(zeros[0]));
  CHECK(std::signbit(zeros[1]));
  CHECK(!std::signbit(zeros[2]));
  const auto excl = scan_values<float>(scan_topk_run("CumSum", 11, {float_tensor({2}, {-0.0f, -0.0f}), int64_scalar(0)}, flags(1, 0)).at(0));
  CHECK(!std::signbit(excl[0]));  // the empty prefix is +0
  CHECK(std::signbit(excl[1]));
  const auto inf = scan_values<float>(scan_topk_run("CumSum", 11, {float_tensor({3}, {1, INFINITY, -INFINITY}), int64_scalar(0)}, flags(0, 0)).at(0));
  CHECK(inf[1] == INFINITY);
  CHECK(std::isnan(inf[2]));
  const Value ints(Tensor::from_values<int32_t>(ElementType::Int32, {3}, std::vector<int32_t>{INT32_MAX, 1, 5}));
  CHECK(scan_values<int32_t>(scan_topk_run("CumSum", 11, {ints, int64_scalar(0)}, flags(0, 0)).at(0)) == std::vector<int32_t>{INT32_MAX, INT32_MIN, INT32_MIN + 5});
  // float16: 2048 + 1 + 1 is 2050 exactly, where float16 addition in order gives 2048.
  std::vector<uint16_t> h;
  for (double v : {2048.0, 1.0, 1.0}) h.push_back(static_cast<uint16_t>(encode_small_float(ElementType::Float16, v)));
  const auto hs = scan_values<uint16_t>(scan_topk_run("CumSum", 14, {Value(Tensor::from_values<uint16_t>(ElementType::Float16, {3}, h)), int64_scalar(0)}, flags(0, 0)).at(0));
  CHECK(decode_small_float(ElementType::Float16, hs[1]) == 2048);  // 2049 ties to even
  CHECK(decode_small_float(ElementType::Float16, hs[2]) == 2050);
  const Value axis32(Tensor::from_values<int32_t>(ElementType::Int32, {}, std::vector<int32_t>{0}));  // "A 0-D tensor"
  CHECK(scan_values<float>(scan_topk_run("CumSum", 11, {float_tensor({2}, {1, 2}), axis32}, flags(0, 0)).at(0)) == std::vector<float>{1, 3});
  CHECK_THROWS_WITH_AS(scan_topk_run("CumSum", 11, {x, int64_scalar(2)}, flags(0, 0)), "axis = 2 is out of range for rank 2 (valid: -2 to 1)", Error);
  CHECK_THROWS_WITH_AS(scan_topk_run("CumSum", 11, {x, int64_vector({0, 1})}, flags(0, 0)), "input axis must be a 0-D tensor (a scalar), but it is int64[2]", Error);
  CHECK_THROWS_WITH_AS(scan_topk_run("CumSum", 11, {x, int64_scalar(0)}, flags(2, 0)), "attribute 'exclusive' must be 0 or 1, got 2", Error);
}

TEST_CASE("CumProd: each step is the previous result times the element, rounded once") {
  const Value x = float_tensor({2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(scan_values<float>(scan_topk_run("CumProd", 26, {x, int64_scalar(1)}, flags(0, 0)).at(0)) == std::vector<float>{1, 2, 6, 4, 20, 120});
  CHECK(scan_values<float>(scan_topk_run("CumProd", 26, {x, int64_scalar(1)}, flags(1, 1)).at(0)) == std::vector<float>{6, 3, 1, 30, 6, 1});
  CHECK(scan_values<float>(scan_topk_run("CumProd", 26, {x, int64_scalar(0)}, flags(1, 0)).at(0)) == std::vector<float>{1, 1, 1, 1, 2, 3});
  // (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46 rounds to 1 + 2^-22.
  const float a = 1 + 0x1p-23f;
  const auto p = scan_values<float>(scan_topk_run("CumProd", 26, {float_tensor({2}, {a, a}), int64_scalar(0)}, flags(0, 0)).at(0));
  CHECK(p[1] == 1 + 0x1p-22f);
  const Value ints(Tensor::from_values<int64_t>(ElementType::Int64, {3}, std::vector<int64_t>{INT64_MAX, 2, -1}));
  CHECK(scan_values<int64_t>(scan_topk_run("CumProd", 26, {ints, int64_scalar(0)}, flags(0, 0)).at(0)) == std::vector<int64_t>{INT64_MAX, -2, 2});
}

TEST_CASE("TopK: order, ties to the lower index, NaN above every number, k checks, versions") {
  const Value x = float_tensor({2, 4}, {3, 1, 3, NAN, 0, -0.0f, 2, 2});
  Attributes a1;
  a1.set("k", int64_t{3});
  const auto r1 = scan_topk_run("TopK", 1, {x}, a1, 2);
  const auto v1 = scan_values<float>(r1.at(0));
  CHECK(std::isnan(v1[0]));
  CHECK(v1[1] == 3);
  CHECK(v1[2] == 3);
  CHECK(scan_values<int64_t>(r1.at(1)) == std::vector<int64_t>{3, 0, 2, 2, 3, 0});
  CHECK(r1.at(0).tensor().shape() == Shape{2, 3});
  Attributes smallest;
  smallest.set("largest", int64_t{0});
  const auto r11 = scan_topk_run("TopK", 11, {x, int64_vector({2})}, smallest, 2);
  CHECK(scan_values<int64_t>(r11.at(1)) == std::vector<int64_t>{1, 0, 0, 1});  // -0 and 0 tie: lower index first
  Attributes axis0;
  axis0.set("axis", int64_t{0});
  const auto r10 = scan_topk_run("TopK", 10, {x, int64_vector({1})}, axis0, 2);
  CHECK(scan_values<int64_t>(r10.at(1)) == std::vector<int64_t>{0, 0, 0, 0});
  const auto zero = scan_topk_run("TopK", 11, {x, int64_vector({0})}, {}, 2);
  CHECK(zero.at(0).tensor().shape() == Shape{2, 0});
  const Value u(Tensor::from_values<uint64_t>(ElementType::UInt64, {3}, std::vector<uint64_t>{UINT64_MAX, 1, UINT64_MAX - 1}));
  CHECK(scan_values<uint64_t>(scan_topk_run("TopK", 11, {u, int64_vector({2})}, {}, 2).at(0)) == std::vector<uint64_t>{UINT64_MAX, UINT64_MAX - 1});
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 11, {x, int64_vector({5})}, {}, 2), "k = 5 is out of range: it must lie in [0, 4] (the length of axis 1)", Error);
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 10, {x, int64_vector({0})}, {}, 2), "k = 0 is out of range: it must lie in [1, 4] (the length of axis 1)", Error);
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 11, {x, int64_vector({-1})}, {}, 2), "k = -1 is out of range: it must lie in [0, 4] (the length of axis 1)", Error);
  CHECK_THROWS_WITH_AS(scan_topk_run("TopK", 11, {x, int64_scalar(1)}, {}, 2), "input K must be a 1-D tensor of one element, but it is int64[]", Error);
}

TEST_CASE("Dropout: outside training the data passes through and the mask is all true") {
  const Value x = float_tensor({2, 2}, {1, -2, NAN, 4});
  const auto r7 = scan_topk_run("Dropout", 7, {x}, {}, 2);
  CHECK(r7.at(0).tensor().shares_storage_with(x.tensor()));
  CHECK(scan_values<float>(r7.at(1)) == std::vector<float>{1, 1, 1, 1});  // Dropout-7's mask has the data's type
  const auto r10 = scan_topk_run("Dropout", 10, {x}, {}, 2);
  CHECK(r10.at(1).tensor().type() == ElementType::Bool);
  CHECK(scan_values<uint8_t>(r10.at(1)) == std::vector<uint8_t>{1, 1, 1, 1});
  Attributes test_mode;
  test_mode.set("is_test", int64_t{1});
  CHECK(scan_topk_run("Dropout", 6, {x}, test_mode).at(0).tensor().shares_storage_with(x.tensor()));
  const Value ratio(Tensor::from_values<float>(ElementType::Float, {}, std::vector<float>{0.0f}));
  const Value yes(Tensor::from_values<uint8_t>(ElementType::Bool, {}, std::vector<uint8_t>{1}));
  const auto zero_ratio = scan_topk_run("Dropout", 13, {x, ratio, yes}, {}, 2);  // training with ratio 0
  CHECK(zero_ratio.at(0).tensor().shares_storage_with(x.tensor()));
  CHECK(scan_values<uint8_t>(zero_ratio.at(1)) == std::vector<uint8_t>{1, 1, 1, 1});
  const Value one(Tensor::from_values<float>(ElementType::Float, {}, std::vector<float>{1.0f}));
  CHECK_THROWS_WITH_AS(scan_topk_run("Dropout", 12, {x, one}), "input ratio must lie in [0, 1) (a drop probability; 1 would divide by zero), got 1.000000", Error);
  Attributes bad;
  bad.set("ratio", -0.5f);
  CHECK_THROWS_AS(scan_topk_run("Dropout", 10, {x}, bad), Error);
  const Value vec_ratio(Tensor::from_values<float>(ElementType::Float, {1}, std::vector<float>{0.5f}));
  CHECK_THROWS_WITH_AS(scan_topk_run("Dropout", 13, {x, vec_ratio}), "input ratio must be a scalar, but it is float[1]", Error);
}

TEST_CASE("Dropout: training mode keeps element i when the seeded stream's u_i >= ratio, and scales it") {
  const int n = 4000;
  const Value x = float_tensor({n}, std::vector<float>(n, 3.0f));
  const Value ratio(Tensor::from_values<float>(ElementType::Float, {}, std::vector<float>{0.75f}));
  const Value yes(Tensor::from_values<uint8_t>(ElementType::Bool, {}, std::vector<uint8_t>{1}));
  Attributes seeded;
  seeded.set("seed", int64_t{-7});
  const auto r = scan_topk_run("Dropout", 22, {x, ratio, yes}, seeded, 2);
  const auto y = scan_values<float>(r.at(0));
  const auto mask = scan_values<uint8_t>(r.at(1));
  const RandomStream stream(static_cast<uint64_t>(int64_t{-7}), 0);  // the documented stream
  int kept = 0;
  for (int i = 0; i < n; ++i) {
    const bool keep = stream.uniform_double(static_cast<uint64_t>(i)) >= 0.75;
    CHECK(mask[static_cast<size_t>(i)] == (keep ? 1 : 0));
    CHECK(y[static_cast<size_t>(i)] == (keep ? 12.0f : 0.0f));  // 3 / (1 - 0.75), exact
    kept += keep;
  }
  CHECK(kept > 850);  // about a quarter of 4000 kept
  CHECK(kept < 1150);
  // The same seed gives the same mask; another seed another one.
  CHECK(scan_values<uint8_t>(scan_topk_run("Dropout", 22, {x, ratio, yes}, seeded, 2).at(1)) == mask);
  Attributes other;
  other.set("seed", int64_t{8});
  CHECK(scan_values<uint8_t>(scan_topk_run("Dropout", 22, {x, ratio, yes}, other, 2).at(1)) != mask);
}
