// Unit tests of ops/math/add.cpp.
#include "helpers/math_ops.h"
#include "helpers/math_rules.h"

TEST_CASE("Add Sub Mul Div: every int8 pair against a wrapping, truncating reference") {
  const auto [a, b] = all_int8_pairs();
  const auto xs = values<int8_t>(a), ys = values<int8_t>(b);
  const auto add = values<int8_t>(run_op("Add", 14, {a, b}));
  const auto sub = values<int8_t>(run_op("Sub", 14, {a, b}));
  const auto mul = values<int8_t>(run_op("Mul", 14, {a, b}));
  size_t bad = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    const int x = xs[i], y = ys[i];
    bad += add[i] != wrap8(x + y);
    bad += sub[i] != wrap8(x - y);
    bad += mul[i] != wrap8(x * y);
  }
  CHECK(bad == 0);
  // Div without the zero divisors; -128 / -1 wraps to -128.
  std::vector<int8_t> dx, dy;
  for (size_t i = 0; i < xs.size(); ++i)
    if (ys[i] != 0) dx.push_back(xs[i]), dy.push_back(ys[i]);
  const auto div = values<int8_t>(run_op("Div", 14, {vec(T::Int8, dx), vec(T::Int8, dy)}));
  bad = 0;
  for (size_t i = 0; i < dx.size(); ++i) bad += div[i] != wrap8(static_cast<int>(dx[i]) / dy[i]);  // C++ truncates
  CHECK(bad == 0);
  CHECK(values<int8_t>(
            run_op("Div", 14, {vec<int8_t>(T::Int8, {-128, -7, 7, -7}), vec<int8_t>(T::Int8, {-1, 2, -2, -2})})) ==
        std::vector<int8_t>{-128, -3, -3, 3});
}

TEST_CASE("Add Sub Mul Div: every uint8 pair, wrapping modulo 256") {
  std::vector<uint8_t> xs, ys;
  for (int x = 0; x < 256; ++x)
    for (int y = 0; y < 256; ++y) xs.push_back(static_cast<uint8_t>(x)), ys.push_back(static_cast<uint8_t>(y));
  const Tensor a = vec(T::UInt8, xs), b = vec(T::UInt8, ys);
  const auto add = values<uint8_t>(run_op("Add", 14, {a, b}));
  const auto sub = values<uint8_t>(run_op("Sub", 14, {a, b}));
  const auto mul = values<uint8_t>(run_op("Mul", 14, {a, b}));
  size_t bad = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    bad += add[i] != static_cast<uint8_t>(xs[i] + ys[i]);
    bad += sub[i] != static_cast<uint8_t>(xs[i] - ys[i]);
    bad += mul[i] != static_cast<uint8_t>(xs[i] * ys[i]);
  }
  CHECK(bad == 0);
}

TEST_CASE("Add Sub Mul Div: 16-, 32- and 64-bit integers wrap at the extremes") {
  // uint16 * uint16 would overflow a promoted int without the unsigned computation.
  CHECK(values<uint16_t>(
            run_op("Mul", 14, {vec<uint16_t>(T::UInt16, {65535, 300}), vec<uint16_t>(T::UInt16, {65535, 300})})) ==
        std::vector<uint16_t>{1, static_cast<uint16_t>(90000)});
  CHECK(values<int16_t>(run_op("Add", 14, {vec<int16_t>(T::Int16, {32767}), vec<int16_t>(T::Int16, {1})})) ==
        std::vector<int16_t>{-32768});
  constexpr int32_t imin = std::numeric_limits<int32_t>::min(), imax = std::numeric_limits<int32_t>::max();
  CHECK(values<int32_t>(run_op("Add", 7, {vec<int32_t>(T::Int32, {imax, imin}), vec<int32_t>(T::Int32, {1, -1})})) ==
        std::vector<int32_t>{imin, imax});
  CHECK(
      values<int32_t>(run_op("Mul", 13, {vec<int32_t>(T::Int32, {imax, 65536}), vec<int32_t>(T::Int32, {2, 65536})})) ==
      std::vector<int32_t>{-2, 0});
  CHECK(values<int32_t>(
            run_op("Div", 13, {vec<int32_t>(T::Int32, {imin, imin, 7}), vec<int32_t>(T::Int32, {-1, 1, -2})})) ==
        std::vector<int32_t>{imin, imin, -3});
  constexpr int64_t lmin = std::numeric_limits<int64_t>::min(), lmax = std::numeric_limits<int64_t>::max();
  CHECK(values<int64_t>(run_op("Sub", 13, {vec<int64_t>(T::Int64, {lmin, lmax}), vec<int64_t>(T::Int64, {1, -1})})) ==
        std::vector<int64_t>{lmax, lmin});
  CHECK(values<int64_t>(run_op("Div", 14, {vec<int64_t>(T::Int64, {lmin, -9}), vec<int64_t>(T::Int64, {-1, 4})})) ==
        std::vector<int64_t>{lmin, -2});
  CHECK(values<uint64_t>(run_op("Sub", 13, {vec<uint64_t>(T::UInt64, {0}), vec<uint64_t>(T::UInt64, {1})})) ==
        std::vector<uint64_t>{std::numeric_limits<uint64_t>::max()});
  CHECK(values<uint32_t>(
            run_op("Div", 7, {vec<uint32_t>(T::UInt32, {4000000000u, 7}), vec<uint32_t>(T::UInt32, {3, 2})})) ==
        std::vector<uint32_t>{1333333333u, 3});
}

TEST_CASE("Add Sub Mul Div: float16 results are the exact result rounded once") {
  std::mt19937 rng(12345);
  std::vector<uint16_t> xs, ys;
  auto finite16 = [&] {
    for (;;) {
      const auto bits = static_cast<uint16_t>(rng());
      if ((bits & 0x7c00) != 0x7c00) return bits;
    }
  };
  for (int i = 0; i < 20000; ++i) xs.push_back(finite16()), ys.push_back(finite16());
  // Near-ties and subnormals on purpose.
  xs.insert(xs.end(), {0x3c00, 0x0001, 0x7bff, 0x3c01, 0x8001});
  ys.insert(ys.end(), {0x1000, 0x0001, 0x7bff, 0x3c00, 0x0001});
  const Tensor a = vec(T::Float16, xs), b = vec(T::Float16, ys);
  const auto add = values<uint16_t>(run_op("Add", 14, {a, b}));
  const auto sub = values<uint16_t>(run_op("Sub", 13, {a, b}));
  const auto mul = values<uint16_t>(run_op("Mul", 7, {a, b}));
  const auto div = values<uint16_t>(run_op("Div", 1, {a, b}));
  size_t bad = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    const double x = from16(xs[i]), y = from16(ys[i]);
    // Sums, differences and products of float16 values are exact in double: rounding them once is
    // the reference.
    bad += add[i] != f16(x + y);
    bad += sub[i] != f16(x - y);
    bad += mul[i] != f16(x * y);
    if (y != 0) bad += !is_correctly_rounded_quotient(xs[i], ys[i], div[i]);
  }
  CHECK(bad == 0);
  // Overflow gives infinity (IEEE), not the largest finite value.
  CHECK(
      values<uint16_t>(run_op("Add", 14, {vec<uint16_t>(T::Float16, {0x7bff}), vec<uint16_t>(T::Float16, {0x7bff})})) ==
      std::vector<uint16_t>{0x7c00});
  // 1 + 2^-11 is a tie between 1 and 1 + 2^-10: it goes to the even 1.
  CHECK(
      values<uint16_t>(run_op("Add", 14, {vec<uint16_t>(T::Float16, {0x3c00}), vec<uint16_t>(T::Float16, {0x1000})})) ==
      std::vector<uint16_t>{0x3c00});
}

TEST_CASE("Add Mul: bfloat16 results are the exact result rounded once") {
  std::mt19937 rng(777);
  std::vector<uint16_t> xs, ys;
  for (int i = 0; i < 5000; ++i) {
    auto pick = [&] {
      for (;;) {
        const auto bits = static_cast<uint16_t>(rng());
        if ((bits & 0x7f80) != 0x7f80) return bits;
      }
    };
    xs.push_back(pick()), ys.push_back(pick());
  }
  const Tensor a = vec(T::BFloat16, xs), b = vec(T::BFloat16, ys);
  const auto add = values<uint16_t>(run_op("Add", 13, {a, b}));
  const auto mul = values<uint16_t>(run_op("Mul", 13, {a, b}));
  size_t bad = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    const double x = decode_small_float(T::BFloat16, xs[i]), y = decode_small_float(T::BFloat16, ys[i]);
    const long double sum = static_cast<long double>(x) + y;  // exact: 64-bit mantissa covers these
    if (static_cast<long double>(static_cast<double>(sum)) == sum)
      bad += add[i] != encode_small_float(T::BFloat16, static_cast<double>(sum));
    bad += mul[i] != encode_small_float(T::BFloat16, x * y);  // 16-bit product: exact in double
  }
  CHECK(bad == 0);
}

TEST_CASE("Add Sub Mul Div: float and double use the native IEEE operations") {
  const float big = 16777216.0f;  // 2^24: adding 1 is a tie that rounds to even
  CHECK(values<float>(run_op("Add", 14, {vec<float>(T::Float, {big, big}), vec<float>(T::Float, {1, 3})})) ==
        std::vector<float>{big, big + 4});
  CHECK(values<double>(run_op("Mul", 6, {vec<double>(T::Double, {0.1}), vec<double>(T::Double, {3})})) ==
        std::vector<double>{0.1 * 3});
  const auto nan_sum =
      values<float>(run_op("Sub", 1, {vec<float>(T::Float, {INFINITY}), vec<float>(T::Float, {INFINITY})}));
  CHECK(std::isnan(nan_sum[0]));
}

namespace math_rules_tests {

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
TEST_CASE(
    "Add, Sub, Mul, Div 1 and 6, Pow-1: broadcast = 1 with a one-element B, suffix matching or axis; else same "
    "shapes") {
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
      for (int i = 0; i < 6; ++i)
        want.push_back(apply(floats(a)[static_cast<size_t>(i)], cols[static_cast<size_t>(i % 3)]));
      CHECK(floats(run(name, v, {a, f32({3}, cols)}, kBroadcast)) == want);
      // axis = 0: B (2,) = [1, 2] per row.
      want.clear();
      for (int i = 0; i < 6; ++i) want.push_back(apply(floats(a)[static_cast<size_t>(i)], i < 3 ? 1.0f : 2.0f));
      CHECK(floats(run(name, v, {a, f32({2}, {1, 2})}, [](OpTester& t) {
              t.attribute("broadcast", int64_t{1}).attribute("axis", int64_t{0});
            })) == want);
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

}  // namespace math_rules_tests

// Long rows are shared among the run's threads (ops/math/elementwise.h, for_each_chunk): the bits
// are those of one thread, and each element is the exact sum rounded once (a float sum formed in
// double and rounded to float is correctly rounded: double has more than 2 * 24 + 2 bits).
TEST_CASE("Add-14 and Sum-13: 200,000 elements on 1, 2 and 3 threads, each the exact sum rounded once") {
  const int64_t n = 200000;
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-1e4f, 1e4f);
  std::vector<float> a(n), b(n);
  for (int64_t i = 0; i < n; ++i) a[i] = u(rng), b[i] = std::ldexp(u(rng), static_cast<int>(i % 40) - 20);
  const Tensor ta = Tensor::from_values<float>(T::Float, {n}, a), tb = Tensor::from_values<float>(T::Float, {n}, b);
  const Tensor scalar = Tensor::from_values<float>(T::Float, {}, {0.1f});
  for (int threads : {1, 2, 3}) {
    INFO("threads " << threads);
    RunOptions options;
    options.threads = threads;
    for (const char* op : {"Add", "Sum"}) {
      const int64_t opset = std::string(op) == "Add" ? 14 : 13;
      testing::OpTester same(op, opset), broadcast(op, opset);
      same.input(Value(ta)).input(Value(tb)).run_options(options);
      broadcast.input(Value(ta)).input(Value(scalar)).run_options(options);
      const auto y = values<float>(same.run_tensor()), z = values<float>(broadcast.run_tensor());
      int64_t bad = 0;
      for (int64_t i = 0; i < n; ++i) {
        const float want = static_cast<float>(static_cast<double>(a[i]) + static_cast<double>(b[i]));
        const float want_scalar = static_cast<float>(static_cast<double>(a[i]) + static_cast<double>(0.1f));
        bad += std::memcmp(&y[i], &want, 4) != 0;
        bad += std::memcmp(&z[i], &want_scalar, 4) != 0;
      }
      CHECK(bad == 0);
    }
  }
}
