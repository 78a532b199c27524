// The element-wise operators added on the engine of ops/math/elementwise.h: activations (Relu,
// LeakyRelu, PRelu, HardSigmoid, HardSwish, ThresholdedRelu, Clip), rounding (Floor, Ceil, Round,
// Sign, Reciprocal), Sum and Mean, classification (IsNaN, IsInf), Mod, logical and bitwise
// operators. Expected values come from hand computation or from the integer oracle in
// dyadic_oracle.h, never from onnx-ref's own rounding.
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "dyadic_oracle.h"
#include "model_builder.h"
#include "numeric/exact_sum.h"
#include "ops/registry.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

struct Attrs {
  std::vector<std::pair<std::string, int64_t>> ints;
  std::vector<std::pair<std::string, float>> floats;
  std::vector<std::pair<std::string, std::string>> strings;
};

// One node of `op` at `opset`; an input given as std::nullopt is left out (an empty name).
Tensor run(const std::string& op, int64_t opset, const std::vector<std::optional<Tensor>>& inputs, const Attrs& attrs = {}) {
  ModelBuilder b(opset);
  std::vector<std::string> names;
  std::map<std::string, Value> feeds;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!inputs[i]) {
      names.push_back("");
      continue;
    }
    names.push_back("i" + std::to_string(i));
    b.input(names.back(), inputs[i]->type(), inputs[i]->shape());
    feeds.emplace(names.back(), *inputs[i]);
  }
  b.output("y");
  auto& node = b.node(op, names, {"y"});
  node.set_name("n");
  for (const auto& [k, v] : attrs.ints) set_int(node, k, v);
  for (const auto& [k, v] : attrs.floats) {
    auto* a = node.add_attribute();
    a->set_name(k);
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(v);
  }
  for (const auto& [k, v] : attrs.strings) {
    auto* a = node.add_attribute();
    a->set_name(k);
    a->set_type(onnx::AttributeProto::STRING);
    a->set_s(v);
  }
  const auto out = b.build().run(feeds);
  REQUIRE(out.size() == 1);
  return out[0].second.tensor();
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
Tensor halves(const std::vector<uint16_t>& bits) { return vec<uint16_t>(T::Float16, bits); }
double half_value(uint16_t bits) { return decode_small_float(T::Float16, bits); }
std::vector<double> half_values(const Tensor& t) {
  std::vector<double> out;
  for (uint16_t b : values<uint16_t>(t)) out.push_back(half_value(b));
  return out;
}

// Every finite float16 bit pattern.
std::vector<uint16_t> finite_halves() {
  std::vector<uint16_t> bits;
  for (uint32_t b = 0; b < 0x10000; ++b)
    if ((b & 0x7c00) != 0x7c00) bits.push_back(static_cast<uint16_t>(b));
  return bits;
}

// The float16 value X * 2^-24 of a finite pattern, as the integer X.
int64_t half_units(uint16_t bits) { return static_cast<int64_t>(std::ldexp(half_value(bits), 24)); }

// A float as m * 2^e with integer m (24 bits) and e.
void split(float v, int64_t& m, int& e) {
  int exp;
  const double frac = std::frexp(static_cast<double>(v), &exp);
  m = static_cast<int64_t>(std::ldexp(frac, 24));
  e = exp - 24;
}

bool same(double a, double b) { return (a != a && b != b) || (a == b && std::signbit(a) == std::signbit(b)); }

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

TEST_CASE("ExactSum::round_quotient: ties, sticky remainders and subnormal quotients") {
  ExactSum s;
  s.add(3 * 0x1p-1074);
  CHECK(s.round_quotient(2, false) == 2 * 0x1p-1074);  // 1.5 units: the tie goes to even (2)
  ExactSum t;
  t.add(5 * 0x1p-1074);
  CHECK(t.round_quotient(2, false) == 2 * 0x1p-1074);  // 2.5 units: even (2)
  CHECK(t.round_quotient(3, false) == 2 * 0x1p-1074);  // 1.67 units: up
  ExactSum u;
  u.add(1.0);
  CHECK(u.round_quotient(3, false) == 1.0 / 3);  // one IEEE division is correctly rounded too
  CHECK(u.round_quotient(10, false) == 0.1);
  ExactSum v;
  v.add(1.0);
  v.add(0x1p-60);  // 1 + 2^-60: the quotient by 1 must keep the sticky part to odd
  CHECK(v.round_quotient(1, true) == 1.0 + 0x1p-52);
  CHECK(v.round_quotient(1, false) == 1.0);
  ExactSum w;
  w.add(-kInf);
  CHECK(w.round_quotient(4, false) == -kInf);
}

TEST_CASE("Relu: exact at every version; integers from 14") {
  CHECK(half_values(run("Relu", 6, {halves({0x3c00, 0xbc00, 0x8000, 0x7e00})}))[0] == 1.0);
  const auto r = values<float>(run("Relu", 13, {vec<float>(T::Float, {-2.5f, 0.0f, 3.25f, NAN})}));
  CHECK(r[0] == 0.0f);
  CHECK(r[2] == 3.25f);
  CHECK(std::isnan(r[3]));
  CHECK(values<int8_t>(run("Relu", 14, {vec<int8_t>(T::Int8, {-128, -1, 0, 127})})) == std::vector<int8_t>{0, 0, 0, 127});
  CHECK_THROWS_WITH_AS(run("Relu", 13, {vec<int8_t>(T::Int8, {1})}), doctest::Contains("int8"), Error);
}

TEST_CASE("HardSwish: every float16 input against the exact value rounded once") {
  const auto xs = finite_halves();
  const auto got = values<uint16_t>(run("HardSwish", 14, {halves(xs)}));
  for (size_t i = 0; i < xs.size(); ++i) {
    const double x = half_value(xs[i]);
    double expected;
    if (x >= 3) expected = x;
    else if (x <= -3) expected = x * 0.0;
    else if (x == 0) expected = x;
    else {
      // x = X 2^-24: x (x + 3) / 6 = X (X + 3 2^24) / (6 2^48)
      const int64_t X = half_units(xs[i]);
      const __int128 num = static_cast<__int128>(X) * (X + 3 * (int64_t{1} << 24));
      const double mag = round_quotient(static_cast<unsigned __int128>(num < 0 ? -num : num), 6, -48, kHalf);
      expected = num < 0 ? -mag : mag;
    }
    CAPTURE(x);
    REQUIRE(same(half_value(got[i]), expected));
  }
}

TEST_CASE("HardSigmoid: every float16 input, and sampled floats, against the exact value rounded once") {
  const float alpha = 0.2f, beta = 0.5f;
  int64_t ma, mb;
  int ea, eb;
  split(alpha, ma, ea);
  split(beta, mb, eb);
  // alpha x + beta for x = X 2^ex, as an integer times 2^(ea + ex) (beta shifted up to it).
  auto oracle = [&](double x, Format f) {
    if (x != x) return x;
    int64_t mx;
    int ex;
    split(static_cast<float>(x), mx, ex);
    if (x == 0) mx = 0, ex = -40;
    const int e = ea + ex;
    const __int128 n = static_cast<__int128>(ma) * mx + (static_cast<__int128>(mb) << (eb - e));
    if (n <= 0) return 0.0;
    const double r = round_dyadic(static_cast<unsigned __int128>(n), e, false, f);
    return r > 1 ? 1.0 : r;
  };
  const auto xs = finite_halves();
  const auto got = values<uint16_t>(run("HardSigmoid", 6, {halves(xs)}));
  for (size_t i = 0; i < xs.size(); ++i) {
    const double x = half_value(xs[i]);
    if (std::fabs(x) < 0x1p-20) continue;  // beta shifted past 2^-20 units would overflow the oracle's int128
    CAPTURE(x);
    REQUIRE(half_value(got[i]) == oracle(x, kHalf));
  }
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-6.0f, 6.0f);
  std::vector<float> fs;
  for (int i = 0; i < 20000; ++i) fs.push_back(dist(rng));
  const auto gf = values<float>(run("HardSigmoid", 22, {vec<float>(T::Float, fs)}, {{}, {{"alpha", alpha}, {"beta", beta}}}));
  for (size_t i = 0; i < fs.size(); ++i) {
    if (std::fabs(fs[i]) < 0x1p-20f) continue;
    CAPTURE(fs[i]);
    REQUIRE(gf[i] == oracle(fs[i], kSingle));
  }
}

TEST_CASE("LeakyRelu and ThresholdedRelu: the float32 attribute, one rounding") {
  // 0.1f * 3 in float16: 0.1f = 13421773 2^-27, times 3 = 40265319 2^-27 rounded to 11 bits.
  const double expected = round_dyadic(40265319, -27, false, kHalf);
  const auto y = half_values(run("LeakyRelu", 16, {halves({0xc200, 0x4200})}, {{}, {{"alpha", 0.1f}}}));  // -3, 3
  CHECK(y[0] == -expected);
  CHECK(y[1] == 3.0);
  const auto t = values<float>(run("ThresholdedRelu", 10, {vec<float>(T::Float, {1.0f, 1.5f, 2.0f, NAN})},
                                   {{}, {{"alpha", 1.5f}}}));
  CHECK(t == std::vector<float>{0.0f, 0.0f, 2.0f, 0.0f});
}

TEST_CASE("Sum and Mean: the exact sum (divided by n) rounded once") {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> exps(-20, 19);
  std::uniform_int_distribution<int64_t> mants(1 << 23, (1 << 24) - 1);
  // Positive floats m 2^e with e in [-43, -4]: every sum is an integer number of 2^-43 units.
  std::vector<float> a, b, c;
  for (int i = 0; i < 5000; ++i)
    for (auto* v : {&a, &b, &c}) v->push_back(static_cast<float>(std::ldexp(static_cast<double>(mants(rng)), exps(rng) - 23)));
  const Tensor ta = vec<float>(T::Float, a), tb = vec<float>(T::Float, b), tc = vec<float>(T::Float, c);
  const auto sum = values<float>(run("Sum", 13, {ta, tb, tc}));
  const auto mean = values<float>(run("Mean", 13, {ta, tb, tc}));
  for (size_t i = 0; i < a.size(); ++i) {
    const unsigned __int128 units = static_cast<unsigned __int128>(std::ldexp(a[i], 43)) +
                                    static_cast<unsigned __int128>(std::ldexp(b[i], 43)) +
                                    static_cast<unsigned __int128>(std::ldexp(c[i], 43));
    CAPTURE(i);
    REQUIRE(sum[i] == round_quotient(units, 1, -43, kSingle));
    REQUIRE(mean[i] == round_quotient(units, 3, -43, kSingle));
  }
  // float16: 1 + 2^-10 + 2^-11 (a tie in float16 once summed) and a mean of 2048 + 1 + 1 over 3.
  const auto s16 = half_values(run("Sum", 8, {halves({0x3c00}), halves({0x1400}), halves({0x1000})}));
  CHECK(s16[0] == 1.0 + 0x1p-9);  // 1 + 3 2^-11 lies between 1 + 2^-10 and 1 + 2^-9: the tie goes to even
  // Mean of 3 and 0 (and 0): 1 exactly; of 1, 1, 2^-24 over 3: one rounding, not two.
  CHECK(half_values(run("Mean", 13, {halves({0x4200}), halves({0x0000}), halves({0x8000})}))[0] == 1.0);
  // Broadcasting from 8; equal shapes before.
  const Tensor row = Tensor::from_values<float>(T::Float, {1, 3}, {1, 2, 3});
  const Tensor col = Tensor::from_values<float>(T::Float, {2, 1}, {10, 20});
  const Tensor m = run("Mean", 8, {row, col});
  CHECK(m.shape() == Shape{2, 3});
  CHECK(values<float>(m) == std::vector<float>{5.5f, 6.0f, 6.5f, 10.5f, 11.0f, 11.5f});
  CHECK_THROWS_WITH_AS(run("Sum", 6, {row, col}), doctest::Contains("does not broadcast"), Error);
}

TEST_CASE("Floor, Ceil, Round (half to even), Sign, Reciprocal") {
  const Tensor x = vec<float>(T::Float, {-2.5f, -1.5f, -0.5f, 0.5f, 1.5f, 2.5f, -0.4f, 2.6f});
  CHECK(values<float>(run("Round", 11, {x})) == std::vector<float>{-2, -2, -0.0f, 0, 2, 2, -0.0f, 3});
  CHECK(std::signbit(values<float>(run("Round", 11, {x}))[2]));
  CHECK(values<float>(run("Floor", 13, {x})) == std::vector<float>{-3, -2, -1, 0, 1, 2, -1, 2});
  CHECK(values<float>(run("Ceil", 13, {x})) == std::vector<float>{-2, -1, 0, 1, 2, 3, 0, 3});
  CHECK(std::signbit(values<float>(run("Ceil", 13, {x}))[2]));  // Ceil(-0.5) = -0
  const auto s = values<double>(run("Sign", 13, {vec<double>(T::Double, {-3.0, -0.0, 0.0, 7.0, kNaN})}));
  CHECK(s[0] == -1.0);
  CHECK((s[1] == 0.0 && !std::signbit(s[1])));
  CHECK(s[3] == 1.0);
  CHECK(std::isnan(s[4]));
  CHECK(values<uint8_t>(run("Sign", 9, {vec<uint8_t>(T::UInt8, {0, 1, 255})})) == std::vector<uint8_t>{0, 1, 1});
  // 1/3 in float16: 2^-24 units: 2^24 / 3 rounded to 11 bits.
  CHECK(half_values(run("Reciprocal", 13, {halves({0x4200})}))[0] == round_quotient(1, 3, 0, kHalf));
}

TEST_CASE("Clip: attributes (1, 6), optional inputs (11+), min > max, absent bounds, NaN") {
  const Tensor x = vec<float>(T::Float, {-5, -1, 0, 1, 5, NAN});
  // Clip-1 without attributes does not bound.
  const auto c1 = values<float>(run("Clip", 1, {x}));
  CHECK(c1[0] == -5);
  CHECK(c1[4] == 5);
  CHECK(std::isnan(c1[5]));
  CHECK(values<float>(run("Clip", 6, {x}, {{}, {{"min", -2.0f}, {"max", 2.0f}}}))[4] == 2);
  // Clip-6's default bounds are -FLT_MAX and FLT_MAX, so a double beyond them is clamped.
  const auto d = values<double>(run("Clip", 6, {vec<double>(T::Double, {1e300, -1e300})}));
  CHECK(d[0] == static_cast<double>(std::numeric_limits<float>::max()));
  CHECK(d[1] == -static_cast<double>(std::numeric_limits<float>::max()));
  const Tensor lo = Tensor::from_values<float>(T::Float, {}, {-2});
  const Tensor hi = Tensor::from_values<float>(T::Float, {}, {2});
  auto c11 = values<float>(run("Clip", 11, {x, std::nullopt, hi}));
  CHECK(c11[0] == -5);
  CHECK(c11[4] == 2);
  c11 = values<float>(run("Clip", 13, {x, lo, std::nullopt}));
  CHECK(c11[0] == -2);
  CHECK(c11[4] == 5);
  // min > max: every element becomes max.
  const auto swapped = values<float>(run("Clip", 13, {x, hi, lo}));
  for (size_t i = 0; i < 5; ++i) CHECK(swapped[i] == -2);
  const auto ints = values<int8_t>(run("Clip", 12, {vec<int8_t>(T::Int8, {-128, 0, 127}),
                                                    Tensor::from_values<int8_t>(T::Int8, {}, {-3}),
                                                    Tensor::from_values<int8_t>(T::Int8, {1}, {4})}));
  CHECK(ints == std::vector<int8_t>{-3, 0, 4});
  CHECK_THROWS_WITH_AS(run("Clip", 13, {x, vec<float>(T::Float, {1, 2})}), doctest::Contains("a bound must be a scalar"),
                       Error);
}

TEST_CASE("PRelu: unidirectional broadcasting; versions 1 and 6 take a per-channel slope") {
  const Tensor x = Tensor::from_values<float>(T::Float, {1, 2, 2}, {-1, 2, -3, 4});
  const Tensor slope = vec<float>(T::Float, {0.5f, 0.25f});
  CHECK(values<float>(run("PRelu", 9, {x, slope})) == std::vector<float>{-0.5f, 2, -1.5f, 4});   // along the last axis
  CHECK(values<float>(run("PRelu", 6, {x, slope})) == std::vector<float>{-0.5f, 2, -0.75f, 4});  // along axis 1
  CHECK_THROWS_WITH_AS(run("PRelu", 9, {x, vec<float>(T::Float, {1, 2, 3})}), doctest::Contains("does not broadcast"),
                       Error);
  CHECK(values<uint32_t>(run("PRelu", 16, {vec<uint32_t>(T::UInt32, {7}), vec<uint32_t>(T::UInt32, {3})}))[0] == 7);
  CHECK(values<int32_t>(run("PRelu", 16, {vec<int32_t>(T::Int32, {INT32_MIN}), vec<int32_t>(T::Int32, {2})}))[0] == 0);
}

TEST_CASE("GreaterOrEqual, LessOrEqual: NaN false, signed zeros equal") {
  const Tensor a = vec<double>(T::Double, {1, kNaN, -0.0, 2});
  const Tensor b = vec<double>(T::Double, {1, 1, 0.0, 3});
  CHECK(values<uint8_t>(run("GreaterOrEqual", 16, {a, b})) == std::vector<uint8_t>{1, 0, 1, 0});
  CHECK(values<uint8_t>(run("LessOrEqual", 12, {a, b})) == std::vector<uint8_t>{1, 0, 1, 1});
}

TEST_CASE("Mod: every int8 pair under both sign rules; division by zero is an error; floats need fmod 1") {
  std::vector<int8_t> xs, ys;
  for (int x = -128; x < 128; ++x)
    for (int y = -128; y < 128; ++y)
      if (y != 0) xs.push_back(static_cast<int8_t>(x)), ys.push_back(static_cast<int8_t>(y));
  const Tensor tx = vec<int8_t>(T::Int8, xs), ty = vec<int8_t>(T::Int8, ys);
  const auto python = values<int8_t>(run("Mod", 13, {tx, ty}));
  const auto c = values<int8_t>(run("Mod", 13, {tx, ty}, {{{"fmod", 1}}}));
  for (size_t i = 0; i < xs.size(); ++i) {
    const int x = xs[i], y = ys[i];
    const int trunc = x - (x / y) * y;  // in int: no overflow
    const int floor = (trunc != 0 && ((trunc < 0) != (y < 0))) ? trunc + y : trunc;
    REQUIRE(c[i] == trunc);
    REQUIRE(python[i] == floor);
  }
  CHECK_THROWS_WITH_AS(run("Mod", 10, {vec<int32_t>(T::Int32, {5, 6}), vec<int32_t>(T::Int32, {2, 0})}),
                       doctest::Contains("modulo by zero at output index 1"), Error);
  CHECK_THROWS_WITH_AS(run("Mod", 10, {vec<float>(T::Float, {5}), vec<float>(T::Float, {2})}),
                       doctest::Contains("floating inputs need fmod = 1"), Error);
  CHECK(values<float>(run("Mod", 10, {vec<float>(T::Float, {-5.5f}), vec<float>(T::Float, {2})}, {{{"fmod", 1}}}))[0] ==
        -1.5f);
  CHECK_THROWS_WITH_AS(run("Mod", 10, {vec<int32_t>(T::Int32, {5}), vec<int32_t>(T::Int32, {2})}, {{{"fmod", 2}}}),
                       doctest::Contains("'fmod' must be 0 or 1"), Error);
}

TEST_CASE("IsNaN, IsInf (detect flags), float8 included from 20") {
  const Tensor x = vec<float>(T::Float, {1, NAN, INFINITY, -INFINITY});
  CHECK(values<uint8_t>(run("IsNaN", 13, {x})) == std::vector<uint8_t>{0, 1, 0, 0});
  CHECK(values<uint8_t>(run("IsInf", 10, {x})) == std::vector<uint8_t>{0, 0, 1, 1});
  CHECK(values<uint8_t>(run("IsInf", 10, {x}, {{{"detect_negative", 0}}})) == std::vector<uint8_t>{0, 0, 1, 0});
  CHECK(values<uint8_t>(run("IsInf", 20, {x}, {{{"detect_positive", 0}}})) == std::vector<uint8_t>{0, 0, 0, 1});
  // float8e5m2: 0x7C is +inf, 0x7E NaN; float8e4m3fn: 0x7F NaN and no infinity.
  const Tensor e5 = vec<uint8_t>(T::Float8E5M2, {0x7C, 0x7E, 0x3C});
  CHECK(values<uint8_t>(run("IsInf", 20, {e5})) == std::vector<uint8_t>{1, 0, 0});
  CHECK(values<uint8_t>(run("IsNaN", 20, {e5})) == std::vector<uint8_t>{0, 1, 0});
  CHECK(values<uint8_t>(run("IsNaN", 20, {vec<uint8_t>(T::Float8E4M3FN, {0x7F, 0x7E})})) == std::vector<uint8_t>{1, 0});
}

TEST_CASE("And Or Xor (legacy broadcast in 1), bitwise operators, BitShift") {
  const Tensor a = vec<uint8_t>(T::Bool, {0, 0, 1, 1});
  const Tensor b = vec<uint8_t>(T::Bool, {0, 1, 0, 1});
  CHECK(values<uint8_t>(run("And", 7, {a, b})) == std::vector<uint8_t>{0, 0, 0, 1});
  CHECK(values<uint8_t>(run("Or", 7, {a, b})) == std::vector<uint8_t>{0, 1, 1, 1});
  CHECK(values<uint8_t>(run("Xor", 7, {a, b})) == std::vector<uint8_t>{0, 1, 1, 0});
  CHECK(values<uint8_t>(run("And", 1, {a, vec<uint8_t>(T::Bool, {1})}, {{{"broadcast", 1}}})) ==
        std::vector<uint8_t>{0, 0, 1, 1});
  CHECK_THROWS_WITH_AS(run("Or", 1, {a, vec<uint8_t>(T::Bool, {1})}), doctest::Contains("'broadcast' is 0"), Error);
  const Tensor p = vec<int8_t>(T::Int8, {-1, 0x0f, -128});
  const Tensor q = vec<int8_t>(T::Int8, {0x35, 0x3c, 1});
  CHECK(values<int8_t>(run("BitwiseAnd", 18, {p, q})) == std::vector<int8_t>{0x35, 0x0c, 0});
  CHECK(values<int8_t>(run("BitwiseOr", 18, {p, q})) == std::vector<int8_t>{-1, 0x3f, -127});
  CHECK(values<int8_t>(run("BitwiseXor", 18, {p, q})) == std::vector<int8_t>{-0x36, 0x33, -127});
  CHECK(values<int8_t>(run("BitwiseNot", 18, {p})) == std::vector<int8_t>{0, -0x10, 127});
  const Tensor u = vec<uint8_t>(T::UInt8, {0x81, 0x81, 0x81, 0x81});
  const Tensor n = vec<uint8_t>(T::UInt8, {1, 7, 8, 200});
  CHECK(values<uint8_t>(run("BitShift", 11, {u, n}, {{}, {}, {{"direction", "LEFT"}}})) ==
        std::vector<uint8_t>{0x02, 0x80, 0, 0});
  CHECK(values<uint8_t>(run("BitShift", 11, {u, n}, {{}, {}, {{"direction", "RIGHT"}}})) ==
        std::vector<uint8_t>{0x40, 0x01, 0, 0});
  CHECK_THROWS_WITH_AS(run("BitShift", 11, {u, n}, {{}, {}, {{"direction", "left"}}}),
                       doctest::Contains("'direction' must be \"LEFT\" or \"RIGHT\""), Error);
}

TEST_CASE("new element-wise operators: every allowed type of every version runs") {
  for (const char* op : {"Relu", "LeakyRelu", "PRelu", "HardSigmoid", "HardSwish", "ThresholdedRelu", "Clip", "Floor",
                         "Ceil", "Round", "Sign", "Reciprocal", "Sum", "Mean", "IsNaN", "IsInf", "Mod", "And", "Or",
                         "Xor", "BitwiseAnd", "BitwiseOr", "BitwiseXor", "BitwiseNot", "BitShift", "GreaterOrEqual", "Softsign", "Shrink",
                         "LessOrEqual"}) {
    for (const OpVersion* v : Registry::builtin().versions("", op)) {
      const std::string var = v->inputs[0].type_var;
      for (ElementType type : v->constraint(var).allowed.types()) {
        CAPTURE(v->label());
        CAPTURE(name_of(type));
        Tensor x = Tensor::zeros(type, {2});
        x.mutable_data()[0] = std::byte{1};
        std::vector<std::optional<Tensor>> inputs{x};
        const bool binary = v->inputs.size() == 2 || v->inputs[0].option == ParamOption::Variadic;
        if (binary) inputs.push_back(x);
        Attrs attrs;
        if (std::string(op) == "Mod" && type != T::Bool && !(type == T::Int8 || type == T::Int16 || type == T::Int32 ||
                                                             type == T::Int64 || type == T::UInt8 || type == T::UInt16 ||
                                                             type == T::UInt32 || type == T::UInt64))
          attrs.ints.push_back({"fmod", 1});
        if (std::string(op) == "Mod" && attrs.ints.empty()) inputs[1] = Tensor::zeros(type, {2}), inputs[1]->mutable_data()[0] = std::byte{1}, inputs[1]->mutable_data()[inputs[1]->bytes().size() / 2] = std::byte{1};
        if (std::string(op) == "BitShift") attrs.strings.push_back({"direction", "LEFT"});
        const Tensor y = run(op, v->since_version, inputs, attrs);
        CHECK(y.shape() == Shape{2});
      }
    }
  }
}

TEST_CASE("Softsign: every float16 input, sampled floats and doubles, against the exact quotient rounded once") {
  const auto xs = finite_halves();
  const auto got = values<uint16_t>(run("Softsign", 1, {halves(xs)}));
  for (size_t i = 0; i < xs.size(); ++i) {
    const int64_t X = half_units(xs[i]);
    const uint64_t a = static_cast<uint64_t>(X < 0 ? -X : X);
    // x / (1 + |x|) = X / (2^24 + |X|)
    const double mag = a == 0 ? 0.0 : round_quotient(a, (uint64_t{1} << 24) + a, 0, kHalf);
    CAPTURE(half_value(xs[i]));
    REQUIRE(half_value(got[i]) == (X < 0 ? -mag : mag));
  }
  std::mt19937_64 rng(5);
  std::vector<float> fs;
  std::vector<double> ds;
  for (int i = 0; i < 20000; ++i) {
    fs.push_back(static_cast<float>(std::ldexp(static_cast<double>((rng() >> 40) | (1u << 23)), static_cast<int>(rng() % 53) - 53)));
    ds.push_back(std::ldexp(static_cast<double>((rng() >> 11) | (uint64_t{1} << 52)), -52 - static_cast<int>(rng() % 9)));
  }
  const auto gf = values<float>(run("Softsign", 22, {vec<float>(T::Float, fs)}));
  for (size_t i = 0; i < fs.size(); ++i) {
    int64_t m;
    int e;
    split(fs[i], m, e);  // x = m 2^e, -53 <= e < 0: x / (1 + x) = m / (2^-e + m)
    CAPTURE(fs[i]);
    REQUIRE(gf[i] == round_quotient(static_cast<uint64_t>(m), (uint64_t{1} << -e) + static_cast<uint64_t>(m), 0, kSingle, 64));
  }
  const auto gd = values<double>(run("Softsign", 22, {vec<double>(T::Double, ds)}));
  for (size_t i = 0; i < ds.size(); ++i) {
    int exp;
    const double frac = std::frexp(ds[i], &exp);
    const auto m = static_cast<uint64_t>(std::ldexp(frac, 53));
    const int e = exp - 53;  // -61 <= e <= -53: 1 + x is not a double here
    CAPTURE(ds[i]);
    REQUIRE(gd[i] == round_quotient(m, (uint64_t{1} << -e) + m, 0, kDouble, 72));
  }
  const auto special = values<float>(run("Softsign", 1, {vec<float>(T::Float, {INFINITY, -INFINITY, NAN, -0.0f})}));
  CHECK(special[0] == 1.0f);
  CHECK(special[1] == -1.0f);
  CHECK(std::isnan(special[2]));
  CHECK(std::signbit(special[3]));
}

TEST_CASE("Shrink: floats rounded once, integers wrap, a fractional bias on integers is an error") {
  const Attrs a{{}, {{"lambd", 1.5f}, {"bias", 0.5f}}};
  CHECK(values<float>(run("Shrink", 9, {vec<float>(T::Float, {-2, -1.5f, 1, 2, NAN})}, a))[0] == -1.5f);
  const auto f = values<float>(run("Shrink", 9, {vec<float>(T::Float, {-2, -1.5f, 1, 2, NAN})}, a));
  CHECK(f[1] == 0.0f);
  CHECK(f[2] == 0.0f);
  CHECK(f[3] == 1.5f);
  CHECK(std::isnan(f[4]));
  const auto h = half_values(run("Shrink", 9, {halves({0x6800})}, {{}, {{"lambd", 0.0f}, {"bias", 0.5f}}}));  // 2048
  CHECK(h[0] == 2048.0);  // 2047.5 lies between 2047 and 2048: the tie goes to the even 2048
  const auto i8 = values<int8_t>(run("Shrink", 9, {vec<int8_t>(T::Int8, {-128, 0, 1, 127})},
                                     {{}, {{"lambd", 0.5f}, {"bias", 2.0f}}}));
  CHECK(i8 == std::vector<int8_t>{-126, 0, -1, 125});
  const auto big = values<int64_t>(run("Shrink", 9, {vec<int64_t>(T::Int64, {INT64_MAX})}, {{}, {{"bias", -1.0f}}}));
  CHECK(big[0] == INT64_MIN);  // wraps
  CHECK_THROWS_WITH_AS(run("Shrink", 9, {vec<int32_t>(T::Int32, {5})}, {{}, {{"bias", 0.5f}}}),
                       doctest::Contains("not an integral value"), Error);
}
