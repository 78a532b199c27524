// The element-wise math operators (ops/math/): Add, Sub, Mul, Div, Equal, Less, Greater, Not, Neg,
// Abs, Min, Max. Small integer types exhaustively against a reference, float16/bfloat16 against an
// exactly rounded reference, broadcasting (multidirectional and legacy), and every error message.
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "model_builder.h"
#include "ops/math/elementwise.h"
#include "ops/registry.h"
#include "runtime/float_formats.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

struct Attr {
  std::string name;
  int64_t value;
};

// Runs one node of `op` at `opset` over the given inputs (named i0, i1, ...) and returns its output.
Tensor run_op(const std::string& op, int64_t opset, const std::vector<Tensor>& inputs, const std::vector<Attr>& attrs = {}) {
  ModelBuilder b(opset);
  std::vector<std::string> names;
  for (size_t i = 0; i < inputs.size(); ++i) {
    names.push_back("i" + std::to_string(i));
    b.input(names.back(), inputs[i].type(), inputs[i].shape());
  }
  b.output("y");
  auto& node = b.node(op, names, {"y"});
  node.set_name("n");
  for (const auto& a : attrs) set_int(node, a.name, a.value);
  std::map<std::string, Value> feeds;
  for (size_t i = 0; i < inputs.size(); ++i) feeds.emplace(names[i], inputs[i]);
  const auto out = b.build().run(feeds);
  REQUIRE(out.size() == 1);
  return out[0].second.tensor();
}

template <class V>
Tensor make(T type, Shape shape, std::vector<V> values) {
  return Tensor::from_values<V>(type, std::move(shape), values);
}
template <class V>
Tensor vec(T type, std::vector<V> values) {
  const int64_t n = static_cast<int64_t>(values.size());
  return Tensor::from_values<V>(type, {n}, values);
}
template <class V>
std::vector<V> values(const Tensor& t) {
  std::vector<V> v(static_cast<size_t>(t.element_count()));
  if (!v.empty()) std::memcpy(v.data(), t.data(), v.size() * sizeof(V));
  return v;
}
std::vector<bool> bools(const Tensor& t) {
  CHECK(t.type() == T::Bool);
  std::vector<bool> v;
  for (uint8_t b : values<uint8_t>(t)) v.push_back(b != 0);
  return v;
}

uint16_t f16(double v) { return static_cast<uint16_t>(encode_small_float(T::Float16, v)); }
double from16(uint16_t bits) { return decode_small_float(T::Float16, bits); }

// All 65536 (x, y) pairs of int8 as two tensors.
std::pair<Tensor, Tensor> all_int8_pairs() {
  std::vector<int8_t> xs, ys;
  for (int x = -128; x < 128; ++x)
    for (int y = -128; y < 128; ++y) {
      xs.push_back(static_cast<int8_t>(x));
      ys.push_back(static_cast<int8_t>(y));
    }
  return {vec(T::Int8, xs), vec(T::Int8, ys)};
}

// Two's complement wrap of an exact int result to int8.
int8_t wrap8(int v) { return static_cast<int8_t>(static_cast<uint8_t>(static_cast<unsigned>(v) & 0xffu)); }

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

// ---------------------------------------------------------------------------------------------
// Arithmetic

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
  CHECK(values<int8_t>(run_op("Div", 14, {vec<int8_t>(T::Int8, {-128, -7, 7, -7}), vec<int8_t>(T::Int8, {-1, 2, -2, -2})})) ==
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
  CHECK(values<uint16_t>(run_op("Mul", 14, {vec<uint16_t>(T::UInt16, {65535, 300}), vec<uint16_t>(T::UInt16, {65535, 300})})) ==
        std::vector<uint16_t>{1, static_cast<uint16_t>(90000)});
  CHECK(values<int16_t>(run_op("Add", 14, {vec<int16_t>(T::Int16, {32767}), vec<int16_t>(T::Int16, {1})})) ==
        std::vector<int16_t>{-32768});
  constexpr int32_t imin = std::numeric_limits<int32_t>::min(), imax = std::numeric_limits<int32_t>::max();
  CHECK(values<int32_t>(run_op("Add", 7, {vec<int32_t>(T::Int32, {imax, imin}), vec<int32_t>(T::Int32, {1, -1})})) ==
        std::vector<int32_t>{imin, imax});
  CHECK(values<int32_t>(run_op("Mul", 13, {vec<int32_t>(T::Int32, {imax, 65536}), vec<int32_t>(T::Int32, {2, 65536})})) ==
        std::vector<int32_t>{-2, 0});
  CHECK(values<int32_t>(run_op("Div", 13, {vec<int32_t>(T::Int32, {imin, imin, 7}), vec<int32_t>(T::Int32, {-1, 1, -2})})) ==
        std::vector<int32_t>{imin, imin, -3});
  constexpr int64_t lmin = std::numeric_limits<int64_t>::min(), lmax = std::numeric_limits<int64_t>::max();
  CHECK(values<int64_t>(run_op("Sub", 13, {vec<int64_t>(T::Int64, {lmin, lmax}), vec<int64_t>(T::Int64, {1, -1})})) ==
        std::vector<int64_t>{lmax, lmin});
  CHECK(values<int64_t>(run_op("Div", 14, {vec<int64_t>(T::Int64, {lmin, -9}), vec<int64_t>(T::Int64, {-1, 4})})) ==
        std::vector<int64_t>{lmin, -2});
  CHECK(values<uint64_t>(run_op("Sub", 13, {vec<uint64_t>(T::UInt64, {0}), vec<uint64_t>(T::UInt64, {1})})) ==
        std::vector<uint64_t>{std::numeric_limits<uint64_t>::max()});
  CHECK(values<uint32_t>(run_op("Div", 7, {vec<uint32_t>(T::UInt32, {4000000000u, 7}), vec<uint32_t>(T::UInt32, {3, 2})})) ==
        std::vector<uint32_t>{1333333333u, 3});
}

TEST_CASE("Div: integer division by zero is an error naming the node and the flat output index") {
  CHECK_THROWS_WITH_AS(run_op("Div", 14, {make<int32_t>(T::Int32, {2, 2}, {1, 2, 3, 4}), vec<int32_t>(T::Int32, {5, 0})}),
                       doctest::Contains("node 'n' (#0, Div-14)"), Error);
  CHECK_THROWS_WITH_AS(run_op("Div", 14, {make<int32_t>(T::Int32, {2, 2}, {1, 2, 3, 4}), vec<int32_t>(T::Int32, {5, 0})}),
                       doctest::Contains("integer division by zero at output index 1 (A is 2, B is 0)"), Error);
  CHECK_THROWS_WITH_AS(run_op("Div", 14, {vec<uint8_t>(T::UInt8, {1, 2, 3}), make<uint8_t>(T::UInt8, {}, {0})}),
                       doctest::Contains("integer division by zero at output index 0 (A is 1, B is 0)"), Error);
  CHECK_THROWS_WITH_AS(run_op("Div", 6, {make<int64_t>(T::Int64, {2, 2}, {1, 2, 3, 4}), make<int64_t>(T::Int64, {2, 2}, {1, 2, 3, 0})},
                              {{"broadcast", 0}}),
                       doctest::Contains("integer division by zero at output index 3 (A is 4, B is 0)"), Error);
  // An empty output divides nothing.
  CHECK(run_op("Div", 14, {make<int32_t>(T::Int32, {0, 2}, {}), vec<int32_t>(T::Int32, {0, 0})}).shape() == Shape{0, 2});
  // Floats follow IEEE.
  const auto q = values<float>(run_op("Div", 7, {vec<float>(T::Float, {1, -1, 0}), vec<float>(T::Float, {0, 0, 0})}));
  CHECK(q[0] == std::numeric_limits<float>::infinity());
  CHECK(q[1] == -std::numeric_limits<float>::infinity());
  CHECK(std::isnan(q[2]));
}

namespace {
// The float16 value nearest x / y (ties to even), checked without trusting any division: the
// residual |x - r * y| is computed exactly in long double for r and its two neighbours.
bool is_correctly_rounded_quotient(uint16_t xb, uint16_t yb, uint16_t rb) {
  const long double x = from16(xb), y = from16(yb), r = from16(rb);
  if (!std::isfinite(static_cast<double>(r))) return true;  // overflow cases are checked separately
  const auto residual = [&](uint16_t bits) { return std::fabs(x - static_cast<long double>(from16(bits)) * y); };
  const long double mine = residual(rb);
  for (int d : {-1, 1}) {
    const uint16_t nb = static_cast<uint16_t>(rb + d);
    const double n = from16(nb);
    if (std::isnan(n) || std::isinf(n) || ((nb ^ rb) & 0x8000)) continue;
    const long double other = residual(nb);
    if (other < mine) return false;
    if (other == mine && (rb & 1)) return false;  // a tie goes to the even mantissa
  }
  return true;
}
}  // namespace

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
  CHECK(values<uint16_t>(run_op("Add", 14, {vec<uint16_t>(T::Float16, {0x7bff}), vec<uint16_t>(T::Float16, {0x7bff})})) ==
        std::vector<uint16_t>{0x7c00});
  // 1 + 2^-11 is a tie between 1 and 1 + 2^-10: it goes to the even 1.
  CHECK(values<uint16_t>(run_op("Add", 14, {vec<uint16_t>(T::Float16, {0x3c00}), vec<uint16_t>(T::Float16, {0x1000})})) ==
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
  const auto nan_sum = values<float>(run_op("Sub", 1, {vec<float>(T::Float, {INFINITY}), vec<float>(T::Float, {INFINITY})}));
  CHECK(std::isnan(nan_sum[0]));
}

// ---------------------------------------------------------------------------------------------
// Broadcasting

// spec: Add-*: "This operator supports multidirectional (i.e., Numpy-style) broadcasting"
// spec: Sub-*: "This operator supports multidirectional (i.e., Numpy-style) broadcasting"
// spec: Mul-*: "This operator supports multidirectional (i.e., Numpy-style) broadcasting"
// spec: Equal-*: "This operator supports multidirectional (i.e., Numpy-style) broadcasting"
TEST_CASE("broadcasting: multidirectional from version 7") {
  const Tensor a = make<int32_t>(T::Int32, {2, 1, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor b = make<int32_t>(T::Int32, {4, 1}, {10, 20, 30, 40});
  const Tensor c = run_op("Add", 7, {a, b});
  CHECK(c.shape() == Shape{2, 4, 3});
  std::vector<int32_t> want;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 3; ++k) want.push_back((i * 3 + k + 1) + (j + 1) * 10);
  CHECK(values<int32_t>(c) == want);
  // A scalar on either side, and B stretched to A.
  CHECK(values<float>(run_op("Sub", 13, {make<float>(T::Float, {}, {10}), vec<float>(T::Float, {1, 2})})) ==
        std::vector<float>{9, 8});
  CHECK(values<float>(run_op("Sub", 13, {vec<float>(T::Float, {1, 2}), make<float>(T::Float, {}, {10})})) ==
        std::vector<float>{-9, -8});
  // Zero-size dimensions broadcast against 1 and give empty outputs.
  CHECK(run_op("Mul", 14, {make<float>(T::Float, {0, 3}, {}), make<float>(T::Float, {1, 3}, {1, 2, 3})}).shape() == Shape{0, 3});
  CHECK(run_op("Mul", 14, {make<float>(T::Float, {2, 1}, {1, 2}), make<float>(T::Float, {0}, {})}).shape() == Shape{2, 0});
  CHECK_THROWS_WITH_AS(run_op("Add", 14, {make<float>(T::Float, {2, 3}, {0, 0, 0, 0, 0, 0}), vec<float>(T::Float, {1, 2})}),
                       doctest::Contains("node 'n' (#0, Add-14): shapes [2, 3] and [2] cannot be broadcast (dimension 3 vs 2)"),
                       Error);
  CHECK_THROWS_WITH_AS(run_op("Equal", 11, {make<float>(T::Float, {0}, {}), vec<float>(T::Float, {1, 2})}),
                       doctest::Contains("shapes [0] and [2] cannot be broadcast (dimension 0 vs 2)"), Error);
}

TEST_CASE("broadcasting: adjacent dimensions walked the same way collapse into one") {
  auto collapse = [](Shape out, std::vector<Shape> ins) {
    math::collapse_broadcast_dims(out, ins);
    ins.insert(ins.begin(), out);
    return ins;
  };
  using V = std::vector<Shape>;
  CHECK(collapse({2, 3, 4}, {{2, 3, 4}, {2, 3, 4}}) == V{{24}, {24}, {24}});
  CHECK(collapse({2, 3, 4}, {{2, 3, 4}, {4}}) == V{{6, 4}, {6, 4}, {1, 4}});
  CHECK(collapse({2, 3, 4}, {{2, 3, 4}, {3, 1}}) == V{{2, 3, 4}, {2, 3, 4}, {1, 3, 1}});
  CHECK(collapse({2, 1, 4}, {{2, 1, 4}, {2, 1, 1}}) == V{{2, 4}, {2, 4}, {2, 1}});
  CHECK(collapse({1, 1}, {{1, 1}, {}}) == V{{}, {}, {}});
  CHECK(collapse({}, {{}, {}}) == V{{}, {}, {}});
  CHECK(collapse({5, 0, 3}, {{5, 0, 3}, {1, 1, 3}}) == V{{0, 3}, {0, 3}, {1, 3}});
  CHECK(collapse({4, 5, 6}, {{1, 5, 6}, {4, 1, 1}}) == V{{4, 30}, {1, 30}, {4, 1}});
}

TEST_CASE("broadcasting: the output element count must fit in int64") {
  const Shape big{int64_t{1} << 40, 1}, wide{1, int64_t{1} << 40};
  const Shape both[] = {big, wide};
  CHECK_THROWS_WITH_AS(math::broadcast_output_shape(both),
                       "the broadcast output shape [1099511627776, 1099511627776] has more elements than int64 can count",
                       Error);
}

TEST_CASE("legacy broadcasting (versions 1 and 6): B stretched to A") {
  using math::legacy_broadcast_shape;
  const Shape a{2, 3, 4, 5};
  // The spec's examples.
  CHECK(legacy_broadcast_shape(a, {}, true, std::nullopt) == Shape{1, 1, 1, 1});
  CHECK(legacy_broadcast_shape(a, {1, 1}, true, std::nullopt) == Shape{1, 1, 1, 1});
  CHECK(legacy_broadcast_shape(a, {5}, true, std::nullopt) == Shape{1, 1, 1, 5});
  CHECK(legacy_broadcast_shape(a, {4, 5}, true, std::nullopt) == Shape{1, 1, 4, 5});
  CHECK(legacy_broadcast_shape(a, {3, 4}, true, 1) == Shape{1, 3, 4, 1});
  CHECK(legacy_broadcast_shape(a, {2}, true, 0) == Shape{2, 1, 1, 1});
  // Negative axes count from the back; a 1 in B stretches (ONNX's tests expect it).
  CHECK(legacy_broadcast_shape(a, {3, 4}, true, -3) == Shape{1, 3, 4, 1});
  CHECK(legacy_broadcast_shape(a, {5}, true, -1) == Shape{1, 1, 1, 5});
  CHECK(legacy_broadcast_shape({2, 3}, {2, 1}, true, std::nullopt) == Shape{2, 1});
  CHECK(legacy_broadcast_shape(a, a, false, std::nullopt) == a);
}

TEST_CASE("legacy broadcasting: errors") {
  using math::legacy_broadcast_shape;
  const Shape a{2, 3, 4, 5};
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape(a, {5}, false, std::nullopt),
                       "shapes [2, 3, 4, 5] and [5] differ and attribute 'broadcast' is 0 (this version stretches B to A only "
                       "with broadcast = 1)",
                       Error);
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape({5}, {2, 5}, true, std::nullopt),
                       "B [2, 5] has a higher rank than A [5]; legacy broadcasting (broadcast = 1) stretches B to A's shape only",
                       Error);
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape({1}, {1, 1}, true, std::nullopt), doctest::Contains("has a higher rank"), Error);
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape(a, {3, 4}, true, 3),
                       "attribute 'axis' = 3 does not place B [3, 4] inside A [2, 3, 4, 5] (valid: 0 to 2, or -4 to -2 counting "
                       "from the back)",
                       Error);
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape(a, {3, 4}, true, -1), doctest::Contains("attribute 'axis' = -1 does not place"),
                       Error);
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape(a, {3, 4}, true, -5), doctest::Contains("attribute 'axis' = -5"), Error);
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape(a, {3, 4}, true, std::numeric_limits<int64_t>::min()),
                       doctest::Contains("attribute 'axis' = -9223372036854775808"), Error);
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape(a, {3, 4}, true, std::numeric_limits<int64_t>::max()),
                       doctest::Contains("attribute 'axis' = 9223372036854775807"), Error);
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape(a, {3, 4}, true, std::nullopt),
                       "B [3, 4] does not match A [2, 3, 4, 5] from axis 2 (dimension 4 vs 3); legacy broadcasting needs each "
                       "of B's dimensions to equal A's or be 1",
                       Error);
  // A is never stretched.
  CHECK_THROWS_WITH_AS(legacy_broadcast_shape({2, 1}, {2, 3}, true, std::nullopt),
                       doctest::Contains("(dimension 1 vs 3)"), Error);
}

TEST_CASE("legacy broadcasting through Add-1, Add-6, Mul-6 and Equal-1 nodes") {
  const Tensor a = make<float>(T::Float, {2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(values<float>(run_op("Add", 6, {a, vec<float>(T::Float, {10, 20, 30})}, {{"broadcast", 1}})) ==
        std::vector<float>{11, 22, 33, 14, 25, 36});
  CHECK(values<float>(run_op("Add", 1, {a, vec<float>(T::Float, {10, 20})}, {{"broadcast", 1}, {"axis", 0}})) ==
        std::vector<float>{11, 12, 13, 24, 25, 26});
  CHECK(values<float>(run_op("Mul", 6, {a, make<float>(T::Float, {}, {2})}, {{"broadcast", 1}})) ==
        std::vector<float>{2, 4, 6, 8, 10, 12});
  CHECK(bools(run_op("Equal", 1, {make<int32_t>(T::Int32, {2, 2}, {1, 2, 3, 1}), vec<int32_t>(T::Int32, {1, 2})},
                     {{"broadcast", 1}})) == std::vector<bool>{true, true, false, false});
  // consumed_inputs is accepted and ignored by version 1.
  {
    ModelBuilder b(1);
    b.input("x", T::Float, {2}).input("z", T::Float, {2}).output("y");
    set_ints(b.node("Add", {"x", "z"}, {"y"}), "consumed_inputs", {0, 1});
    const auto out = b.build().run({{"x", vec<float>(T::Float, {1, 2})}, {"z", vec<float>(T::Float, {3, 4})}});
    CHECK(values<float>(out[0].second.tensor()) == std::vector<float>{4, 6});
  }
  // Without broadcast = 1 the shapes must be equal, even for a one-element B.
  CHECK_THROWS_WITH_AS(run_op("Add", 6, {a, make<float>(T::Float, {}, {2})}),
                       doctest::Contains("node 'n' (#0, Add-6): shapes [2, 3] and [] differ and attribute 'broadcast' is 0"), Error);
  // Version 7 no longer has the attributes.
  CHECK_THROWS_WITH_AS(run_op("Add", 7, {a, a}, {{"broadcast", 1}}), doctest::Contains("'broadcast' is not an attribute of Add-7"),
                       Error);
}

TEST_CASE("legacy broadcasting: attribute values are checked when the model loads") {
  const Tensor a = make<float>(T::Float, {2}, {1, 2});
  CHECK_THROWS_WITH_AS(run_op("Sub", 6, {a, a}, {{"broadcast", 2}}), doctest::Contains("attribute 'broadcast' must be 0 or 1, got 2"),
                       Error);
  CHECK_THROWS_WITH_AS(run_op("Less", 1, {a, a}, {{"broadcast", -1}}), doctest::Contains("attribute 'broadcast' must be 0 or 1, got -1"),
                       Error);
  CHECK_THROWS_WITH_AS(run_op("Div", 1, {a, a}, {{"axis", 0}}),
                       doctest::Contains("attribute 'axis' = 0 is set but 'broadcast' is 0; axis only applies with broadcast = 1"),
                       Error);
}

// ---------------------------------------------------------------------------------------------
// Comparisons

TEST_CASE("Equal Less Greater: every int8 pair, NaN, signed zeros, small floats") {
  const auto [a, b] = all_int8_pairs();
  const auto xs = values<int8_t>(a), ys = values<int8_t>(b);
  const auto eq = bools(run_op("Equal", 11, {a, b}));
  const auto lt = bools(run_op("Less", 9, {a, b}));
  const auto gt = bools(run_op("Greater", 13, {a, b}));
  size_t bad = 0;
  for (size_t i = 0; i < xs.size(); ++i) bad += eq[i] != (xs[i] == ys[i]) || lt[i] != (xs[i] < ys[i]) || gt[i] != (xs[i] > ys[i]);
  CHECK(bad == 0);

  const Tensor x = vec<double>(T::Double, {kNaN, kNaN, 1, -0.0, 0.0, -kInf, 2});
  const Tensor y = vec<double>(T::Double, {kNaN, 1, kNaN, 0.0, -0.0, kInf, 1});
  CHECK(bools(run_op("Equal", 13, {x, y})) == std::vector<bool>{false, false, false, true, true, false, false});
  CHECK(bools(run_op("Less", 13, {x, y})) == std::vector<bool>{false, false, false, false, false, true, false});
  CHECK(bools(run_op("Greater", 7, {x, y})) == std::vector<bool>{false, false, false, false, false, false, true});

  // float16 and bfloat16 compare by value: the two zeros are equal, NaN payloads never are.
  const Tensor h = vec<uint16_t>(T::Float16, {0x8000, 0x7e00, 0x3c00, 0x3c01});
  const Tensor k = vec<uint16_t>(T::Float16, {0x0000, 0x7e00, 0x3c01, 0x3c00});
  CHECK(bools(run_op("Equal", 11, {h, k})) == std::vector<bool>{true, false, false, false});
  CHECK(bools(run_op("Less", 9, {h, k})) == std::vector<bool>{false, false, true, false});
  const Tensor bh = vec<uint16_t>(T::BFloat16, {0x8000, 0xbf80});  // -0, -1
  const Tensor bk = vec<uint16_t>(T::BFloat16, {0x0000, 0x3f80});  // +0, 1
  CHECK(bools(run_op("Equal", 13, {bh, bk})) == std::vector<bool>{true, false});
  CHECK(bools(run_op("Greater", 13, {bk, bh})) == std::vector<bool>{false, true});
  // Unsigned extremes.
  CHECK(bools(run_op("Less", 13, {vec<uint64_t>(T::UInt64, {0, ~uint64_t{0}}), vec<uint64_t>(T::UInt64, {~uint64_t{0}, 0})})) ==
        std::vector<bool>{true, false});
}

TEST_CASE("Equal: bool, and strings from version 19") {
  CHECK(bools(run_op("Equal", 7, {vec<uint8_t>(T::Bool, {0, 0, 1, 1}), vec<uint8_t>(T::Bool, {0, 1, 0, 1})})) ==
        std::vector<bool>{true, false, false, true});
  const Tensor s = Tensor::from_strings({2, 2}, {"a", "", std::string("x\0y", 3), "\xff"});
  const Tensor t = Tensor::from_strings({2}, {"a", ""});
  CHECK(bools(run_op("Equal", 19, {s, t})) == std::vector<bool>{true, true, false, false});
  const Tensor u = Tensor::from_strings({}, {std::string("x\0y", 3)});
  CHECK(bools(run_op("Equal", 19, {s, u})) == std::vector<bool>{false, false, true, false});
  CHECK_THROWS_WITH_AS(run_op("Equal", 13, {s, t}), doctest::Contains("Equal-13"), Error);
  CHECK_THROWS_AS(run_op("Less", 13, {s, t}), Error);
}

TEST_CASE("comparisons refuse types their version does not allow") {
  const Tensor i = vec<int32_t>(T::Int32, {1});
  CHECK_THROWS_WITH_AS(run_op("Less", 7, {i, i}), doctest::Contains("Less-7"), Error);
  CHECK(bools(run_op("Less", 9, {i, i})) == std::vector<bool>{false});
  const Tensor f = vec<float>(T::Float, {1});
  CHECK_THROWS_WITH_AS(run_op("Equal", 7, {f, f}), doctest::Contains("Equal-7"), Error);
  const Tensor i8 = vec<int8_t>(T::Int8, {1});
  CHECK_THROWS_WITH_AS(run_op("Add", 13, {i8, i8}), doctest::Contains("Add-13"), Error);
}

// ---------------------------------------------------------------------------------------------
// Unary

TEST_CASE("Not: bool only") {
  CHECK(bools(run_op("Not", 1, {make<uint8_t>(T::Bool, {2, 2}, {0, 1, 1, 0})})) == std::vector<bool>{true, false, false, true});
  CHECK(run_op("Not", 1, {make<uint8_t>(T::Bool, {0}, {})}).shape() == Shape{0});
  CHECK_THROWS_AS(run_op("Not", 1, {vec<float>(T::Float, {1})}), Error);
}

TEST_CASE("Neg Abs: every int8 value, wrapping at the most negative one") {
  std::vector<int8_t> xs;
  for (int x = -128; x < 128; ++x) xs.push_back(static_cast<int8_t>(x));
  const auto neg = values<int8_t>(run_op("Neg", 6, {vec(T::Int8, xs)}));
  const auto abs = values<int8_t>(run_op("Abs", 13, {vec(T::Int8, xs)}));
  for (size_t i = 0; i < xs.size(); ++i) {
    CHECK(neg[i] == wrap8(-xs[i]));
    CHECK(abs[i] == wrap8(xs[i] < 0 ? -xs[i] : xs[i]));
  }
  CHECK(neg[0] == -128);
  CHECK(abs[0] == -128);
  constexpr int64_t lmin = std::numeric_limits<int64_t>::min();
  CHECK(values<int64_t>(run_op("Neg", 13, {vec<int64_t>(T::Int64, {lmin, -5, 0})})) == std::vector<int64_t>{lmin, 5, 0});
  CHECK(values<int64_t>(run_op("Abs", 6, {vec<int64_t>(T::Int64, {lmin, -5, 7})})) == std::vector<int64_t>{lmin, 5, 7});
  // Unsigned Abs is the identity.
  CHECK(values<uint32_t>(run_op("Abs", 6, {vec<uint32_t>(T::UInt32, {0, 0xffffffffu})})) == std::vector<uint32_t>{0, 0xffffffffu});
  // Neg has no unsigned types.
  CHECK_THROWS_WITH_AS(run_op("Neg", 13, {vec<uint8_t>(T::UInt8, {1})}), doctest::Contains("Neg-13"), Error);
  CHECK_THROWS_WITH_AS(run_op("Abs", 1, {vec<int32_t>(T::Int32, {1})}), doctest::Contains("Abs-1"), Error);
}

TEST_CASE("Neg Abs: floats flip or clear the sign bit exactly") {
  const auto neg = values<double>(run_op("Neg", 1, {vec<double>(T::Double, {0.0, -0.0, kInf, 1.5})}));
  CHECK(std::signbit(neg[0]));
  CHECK(!std::signbit(neg[1]));
  CHECK(neg[2] == -kInf);
  CHECK(neg[3] == -1.5);
  const auto abs = values<float>(run_op("Abs", 13, {vec<float>(T::Float, {-0.0f, -INFINITY, -2.5f, NAN})}));
  CHECK(!std::signbit(abs[0]));
  CHECK(abs[1] == INFINITY);
  CHECK(abs[2] == 2.5f);
  CHECK(std::isnan(abs[3]));
  CHECK(values<uint16_t>(run_op("Neg", 13, {vec<uint16_t>(T::Float16, {0x0000, 0x3c00, 0x7c00, 0xfe00})})) ==
        std::vector<uint16_t>{0x8000, 0xbc00, 0xfc00, 0x7e00});
  CHECK(values<uint16_t>(run_op("Abs", 13, {vec<uint16_t>(T::BFloat16, {0x8000, 0xbf80, 0x3f80, 0xffc0})})) ==
        std::vector<uint16_t>{0x0000, 0x3f80, 0x3f80, 0x7fc0});
  CHECK(run_op("Abs", 6, {make<float>(T::Float, {3, 0}, {})}).shape() == Shape{3, 0});
}

// ---------------------------------------------------------------------------------------------
// Min and Max

TEST_CASE("Min Max: variadic with broadcasting from version 8") {
  const Tensor a = make<float>(T::Float, {2, 1}, {1, 5});
  const Tensor b = vec<float>(T::Float, {3, 0, 7});
  const Tensor c = make<float>(T::Float, {}, {4});
  const Tensor mx = run_op("Max", 8, {a, b, c});
  CHECK(mx.shape() == Shape{2, 3});
  CHECK(values<float>(mx) == std::vector<float>{4, 4, 7, 5, 5, 7});
  CHECK(values<float>(run_op("Min", 13, {a, b, c})) == std::vector<float>{1, 0, 1, 3, 0, 4});
  // One input is returned as it is.
  const Tensor one = run_op("Min", 8, {b});
  CHECK(one.identical_to(b));
  // Integers from 12, unsigned extremes included.
  CHECK(values<uint64_t>(run_op("Max", 12, {vec<uint64_t>(T::UInt64, {0, ~uint64_t{0}}), vec<uint64_t>(T::UInt64, {5, 1})})) ==
        std::vector<uint64_t>{5, ~uint64_t{0}});
  CHECK(values<int8_t>(run_op("Min", 12, {vec<int8_t>(T::Int8, {-128, 127}), vec<int8_t>(T::Int8, {0, -1}), make<int8_t>(T::Int8, {}, {-5})})) ==
        std::vector<int8_t>{-128, -5});
  CHECK_THROWS_WITH_AS(run_op("Max", 8, {a, b, vec<float>(T::Float, {1, 2})}),
                       doctest::Contains("node 'n' (#0, Max-8): shapes [3] and [2] cannot be broadcast (dimension 3 vs 2)"), Error);
  CHECK_THROWS_WITH_AS(run_op("Max", 8, {vec<int32_t>(T::Int32, {1})}), doctest::Contains("Max-8"), Error);
}

TEST_CASE("Min Max: versions 1 and 6 need equal shapes") {
  const Tensor a = vec<float>(T::Float, {1, 2});
  CHECK(values<float>(run_op("Max", 6, {a, vec<float>(T::Float, {0, 3}), vec<float>(T::Float, {-1, 2.5})})) ==
        std::vector<float>{1, 3});
  CHECK_THROWS_WITH_AS(run_op("Min", 6, {a, a, make<float>(T::Float, {}, {1})}),
                       doctest::Contains("input 2 has shape [] but input 0 has [2]; this version does not broadcast, the shapes "
                                         "must be equal"),
                       Error);
  CHECK_THROWS_WITH_AS(run_op("Max", 1, {a, make<float>(T::Float, {2, 1}, {1, 1})}), doctest::Contains("input 1 has shape [2, 1]"),
                       Error);
}

TEST_CASE("Min Max: NaN propagates, and +0 is above -0") {
  const Tensor x = vec<double>(T::Double, {kNaN, 1, kNaN, -0.0, 0.0, -0.0, 0.0, -kInf});
  const Tensor y = vec<double>(T::Double, {1, kNaN, kNaN, 0.0, -0.0, -0.0, 0.0, kInf});
  const auto mx = values<double>(run_op("Max", 13, {x, y}));
  const auto mn = values<double>(run_op("Min", 13, {x, y}));
  for (int i = 0; i < 3; ++i) CHECK(std::isnan(mx[i]));
  for (int i = 0; i < 3; ++i) CHECK(std::isnan(mn[i]));
  CHECK((mx[3] == 0 && !std::signbit(mx[3])));
  CHECK((mx[4] == 0 && !std::signbit(mx[4])));
  CHECK((mn[3] == 0 && std::signbit(mn[3])));
  CHECK((mn[4] == 0 && std::signbit(mn[4])));
  CHECK(std::signbit(mx[5]));
  CHECK(!std::signbit(mn[6]));
  CHECK(mx[7] == kInf);
  CHECK(mn[7] == -kInf);
  // A NaN anywhere among three inputs wins, for float16 as well.
  const auto h = values<uint16_t>(run_op("Max", 8, {vec<uint16_t>(T::Float16, {0x3c00, 0x3c00}), vec<uint16_t>(T::Float16, {0x7e00, 0x4000}),
                                                    vec<uint16_t>(T::Float16, {0x4400, 0x7e01})}));
  CHECK(h == std::vector<uint16_t>{0x7e00, 0x7e01});
  CHECK(values<uint16_t>(run_op("Min", 13, {vec<uint16_t>(T::BFloat16, {0x0000, 0x3f80}), vec<uint16_t>(T::BFloat16, {0x8000, 0xbf80})})) ==
        std::vector<uint16_t>{0x8000, 0xbf80});
}

// ---------------------------------------------------------------------------------------------
// Versions

TEST_CASE("math operators: opsets resolve to the expected versions") {
  const auto& r = Registry::builtin();
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"Add", 1, "Add-1"},       {"Add", 5, "Add-1"},       {"Add", 6, "Add-6"},        {"Add", 12, "Add-7"},
      {"Add", 13, "Add-13"},     {"Add", 27, "Add-14"},     {"Div", 13, "Div-13"},      {"Equal", 10, "Equal-7"},
      {"Equal", 18, "Equal-13"}, {"Equal", 19, "Equal-19"}, {"Less", 8, "Less-7"},      {"Greater", 9, "Greater-9"},
      {"Not", 27, "Not-1"},      {"Neg", 12, "Neg-6"},      {"Abs", 13, "Abs-13"},      {"Min", 11, "Min-8"},
      {"Max", 12, "Max-12"},     {"Max", 27, "Max-13"},     {"Sub", 7, "Sub-7"},        {"Mul", 14, "Mul-14"}};
  for (const auto& entry : cases) {  // no structured binding: clang 14 cannot capture one
    const auto& op = std::get<0>(entry);
    const auto& opset = std::get<1>(entry);
    const auto& label = std::get<2>(entry);
    CAPTURE(op);
    CAPTURE(opset);
    REQUIRE(r.resolve("", op, opset) != nullptr);
    CHECK(r.resolve("", op, opset)->label() == label);
  }
}

TEST_CASE("math operators: every allowed type of every version runs") {
  // Each version on each type its constraint allows, with inputs whose elements are the byte pattern 1.
  for (const char* op : {"Add", "Sub", "Mul", "Div", "Min", "Max", "Equal", "Less", "Greater", "Abs", "Neg", "Not"}) {
    for (const OpVersion* v : Registry::builtin().versions("", op)) {
      for (ElementType type : v->constraint("T").allowed.types()) {
        CAPTURE(v->label());
        CAPTURE(name_of(type));
        const bool unary = v->inputs.size() == 1 && v->inputs[0].option == ParamOption::Single;
        Tensor x = type == T::String ? Tensor::from_strings({2}, {"a", "b"}) : Tensor::zeros(type, {2});
        if (type != T::String) {
          // The byte pattern 1 is the value 1 for integers and bool and a small positive number for floats.
          x.mutable_data()[0] = std::byte{1};
          x.mutable_data()[x.bytes().size() / 2] = std::byte{1};
        }
        const Tensor y = unary ? run_op(op, v->since_version, {x}) : run_op(op, v->since_version, {x, x});
        CHECK(y.shape() == Shape{2});
      }
    }
  }
}
