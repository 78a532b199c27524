// ReduceMean, ReduceMax, ReduceMin, ReduceL1, ReduceSumSquare, ArgMax, ArgMin: exactness against
// exact rationals (tests/rational_oracle.h), ties, NaN, signed zeros, empty sets, bad input.
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include "ops/reduce/accumulators.h"
#include "ops/reduce/reduction.h"
#include "ops/registry.h"
#include "rational_oracle.h"
#include "runtime/error.h"
#include "runtime/float_formats.h"
#include "runtime/numeric_dispatch.h"

using namespace onnx_ref;
using onnx_ref::testing::round_rational;

namespace {
using V = std::vector<int64_t>;
constexpr double kInf = std::numeric_limits<double>::infinity();

template <class T>
std::vector<T> values_of(const Tensor& t) {
  const T* p = t.data_as<T>();
  return std::vector<T>(p, p + t.element_count());
}
template <class T>
Tensor tensor(ElementType type, Shape shape, std::vector<T> v) {
  return Tensor::from_values<T>(type, std::move(shape), v);
}
Tensor floats(Shape shape, std::vector<float> v) { return tensor(ElementType::Float, std::move(shape), std::move(v)); }
Tensor doubles(Shape shape, std::vector<double> v) { return tensor(ElementType::Double, std::move(shape), std::move(v)); }
Tensor small_floats(ElementType type, const std::vector<double>& v) {
  std::vector<uint16_t> bits;
  for (double x : v) bits.push_back(static_cast<uint16_t>(encode_small_float(type, x)));
  return tensor(type, {static_cast<int64_t>(v.size())}, bits);
}
double small_value(ElementType type, const Tensor& t) { return decode_small_float(type, values_of<uint16_t>(t)[0]); }

template <class Acc>
Tensor reduce_all(const Tensor& x) { return reduce_tensor(x, V{}, false, row_kernel<Acc>()); }

std::vector<Value> run(const std::string& op, int opset, std::vector<std::optional<Value>> inputs, Attributes attrs = {}) {
  const OpVersion* v = Registry::builtin().resolve("", op, opset);
  REQUIRE(v != nullptr);
  for (const auto& a : v->attributes)
    if (!attrs.has(a.name) && a.default_value) attrs.set(a.name, *a.default_value);
  if (v->check_attributes) v->check_attributes(attrs);
  KernelContext ctx(attrs, inputs, 1);
  return v->kernel(ctx);
}
Tensor tensor_of(const std::vector<Value>& out) { return out.at(0).tensor(); }
}  // namespace

TEST_CASE("ReduceMean: float, double, float16, bfloat16 means are the exact mean rounded once") {
  std::mt19937_64 rng(15);
  for (int trial = 0; trial < 300; ++trial) {
    const int64_t n = 1 + static_cast<int64_t>(rng() % 700);
    // Elements k * 2^-e with k of the format's width: exact in the format, summed exactly in __int128.
    std::vector<int64_t> k(static_cast<size_t>(n));
    __int128 sum24 = 0, sum53 = 0, sum11 = 0, sum8 = 0;
    std::vector<float> f;
    std::vector<double> d, h, b;
    for (int64_t i = 0; i < n; ++i) {
      const int64_t k24 = static_cast<int64_t>(rng() % (1 << 24)) - (1 << 23);
      const int64_t k53 = static_cast<int64_t>(rng() >> 11) - (int64_t{1} << 52);
      const int64_t k11 = static_cast<int64_t>(rng() % 2048) - 1024;
      const int64_t k8 = static_cast<int64_t>(rng() % 256) - 128;
      sum24 += k24, sum53 += k53, sum11 += k11, sum8 += k8;
      f.push_back(std::ldexp(static_cast<float>(k24), -20));
      d.push_back(std::ldexp(static_cast<double>(k53), -40));
      h.push_back(std::ldexp(static_cast<double>(k11), -8));
      b.push_back(std::ldexp(static_cast<double>(k8), -3));
    }
    const Shape s{n};
    const float mf = values_of<float>(reduce_all<MeanAccumulator>(floats(s, f)))[0];
    CHECK(mf == static_cast<float>(round_rational(sum24, static_cast<__int128>(n) << 20, 24)));
    const double md = values_of<double>(reduce_all<MeanAccumulator>(doubles(s, d)))[0];
    CHECK(md == round_rational(sum53, static_cast<__int128>(n) << 40, 53));
    const Tensor th = small_floats(ElementType::Float16, h);
    CHECK(small_value(ElementType::Float16, reduce_all<MeanAccumulator>(th)) ==
          round_rational(sum11, static_cast<__int128>(n) << 8, 11));
    const Tensor tb = small_floats(ElementType::BFloat16, b);
    CHECK(small_value(ElementType::BFloat16, reduce_all<MeanAccumulator>(tb)) ==
          round_rational(sum8, static_cast<__int128>(n) << 3, 8));
  }
}

TEST_CASE("ReduceMean: ties to even, cancellation, overflow-free, subnormal midpoints, empty sets") {
  auto mean_f = [](std::vector<float> v) { return values_of<float>(reduce_all<MeanAccumulator>(floats({static_cast<int64_t>(v.size())}, v)))[0]; };
  auto mean_d = [](std::vector<double> v) { return values_of<double>(reduce_all<MeanAccumulator>(doubles({static_cast<int64_t>(v.size())}, v)))[0]; };
  const float u = std::ldexp(1.0f, -23);
  CHECK(mean_f({1.0f, 1.0f + u}) == 1.0f);                  // 1 + 2^-24: a tie, to the even 1
  CHECK(mean_f({1.0f + u, 1.0f + 2 * u}) == 1.0f + 2 * u);  // 1 + 3·2^-24: a tie, to the even side
  CHECK(mean_f({1e30f, 1.0f, -1e30f}) == static_cast<float>(round_rational(1, 3, 24)));
  CHECK(mean_f({3e38f, 3e38f, 3e38f}) == 3e38f);
  const double dmax = std::numeric_limits<double>::max();
  CHECK(mean_d({dmax, dmax, dmax}) == dmax);  // the double sum overflows; the mean does not
  CHECK(mean_d({dmax, -dmax, 1.0}) == round_rational(1, 3, 53));
  const double tiny = std::numeric_limits<double>::denorm_min();
  CHECK(mean_d({tiny, 0}) == 0);                    // half a unit: a tie, to the even 0
  CHECK(mean_d({3 * tiny, 0}) == 2 * tiny);         // 1.5 units: to the even 2
  CHECK(mean_d({-3 * tiny, 0}) == -2 * tiny);
  CHECK(mean_d({tiny, 0, 0}) == 0);
  CHECK(mean_d({tiny, tiny, 0}) == tiny);           // 2/3 of a unit
  CHECK(std::signbit(mean_d({-tiny, 0, 0})));        // rounds to zero from below: -0
  const float ftiny = std::numeric_limits<float>::denorm_min();
  CHECK(mean_f({ftiny, 0}) == 0);                    // float subnormals: the same ties to even
  CHECK(mean_f({3 * ftiny, 0}) == 2 * ftiny);
  CHECK(mean_f({ftiny, ftiny, 0}) == ftiny);
  CHECK(std::signbit(mean_f({-ftiny, 0, 0})));
  // Exponents too far apart for the double fast path: 2^-100 / 3, rounded once.
  CHECK(mean_f({std::ldexp(1.0f, 100), std::ldexp(1.0f, -100), -std::ldexp(1.0f, 100)}) ==
        std::ldexp(static_cast<float>(round_rational(1, 3, 24)), -100));
  CHECK(std::signbit(mean_f({-0.0f, -0.0f})));
  CHECK(!std::signbit(mean_f({-0.0f, 0.0f})));
  CHECK(std::isnan(mean_f({1.0f, NAN})));
  CHECK(std::isnan(mean_f({INFINITY, -INFINITY})));
  CHECK(mean_f({INFINITY, 1.0f}) == INFINITY);
  CHECK(std::isnan(values_of<float>(reduce_tensor(floats({2, 0}, {}), V{1}, false, row_kernel<MeanAccumulator>()))[0]));
  // Integers: the exact sum over n, truncated toward zero; no overflow in the sum.
  const Tensor i = tensor<int32_t>(ElementType::Int32, {2}, {-3, -4});
  CHECK(values_of<int32_t>(reduce_all<MeanAccumulator>(i))[0] == -3);
  const int64_t big = std::numeric_limits<int64_t>::max();
  CHECK(values_of<int64_t>(reduce_all<MeanAccumulator>(tensor<int64_t>(ElementType::Int64, {3}, {big, big, big - 3})))[0] == big - 1);
  CHECK(values_of<uint64_t>(reduce_all<MeanAccumulator>(tensor<uint64_t>(ElementType::UInt64, {2}, {UINT64_MAX, UINT64_MAX})))[0] == UINT64_MAX);
  CHECK_THROWS_AS(reduce_tensor(tensor<int32_t>(ElementType::Int32, {0}, {}), V{0}, false, row_kernel<MeanAccumulator>()), Error);
}

TEST_CASE("ReduceMax, ReduceMin: NaN propagates, +0 above -0, empty sets, bool, integers") {
  auto f = [](std::vector<float> v) { return floats({static_cast<int64_t>(v.size())}, v); };
  CHECK(values_of<float>(reduce_all<MaxAccumulator>(f({1, 3, -2})))[0] == 3);
  CHECK(values_of<float>(reduce_all<MinAccumulator>(f({1, 3, -2})))[0] == -2);
  // The first NaN of the run, payload and all.
  const float nan1 = std::bit_cast<float>(0x7fc00123u), nan2 = std::bit_cast<float>(0xffc00456u);
  CHECK(std::bit_cast<uint32_t>(values_of<float>(reduce_all<MaxAccumulator>(f({1, nan1, 5, nan2})))[0]) == 0x7fc00123u);
  CHECK(std::bit_cast<uint32_t>(values_of<float>(reduce_all<MinAccumulator>(f({1, nan2, -5, nan1})))[0]) == 0xffc00456u);
  CHECK(!std::signbit(values_of<float>(reduce_all<MaxAccumulator>(f({-0.0f, 0.0f})))[0]));
  CHECK(!std::signbit(values_of<float>(reduce_all<MaxAccumulator>(f({0.0f, -0.0f})))[0]));
  CHECK(std::signbit(values_of<float>(reduce_all<MinAccumulator>(f({0.0f, -0.0f})))[0]));
  // Empty: -inf / +inf for floats, the type's ends for integers, false / true for bool.
  const Tensor e = floats({3, 0}, {});
  CHECK(values_of<float>(reduce_tensor(e, V{1}, false, row_kernel<MaxAccumulator>())) == std::vector<float>(3, -INFINITY));
  CHECK(values_of<float>(reduce_tensor(e, V{1}, false, row_kernel<MinAccumulator>())) == std::vector<float>(3, INFINITY));
  const Tensor ei = tensor<int8_t>(ElementType::Int8, {0}, {});
  CHECK(values_of<int8_t>(reduce_all<MaxAccumulator>(ei))[0] == -128);
  CHECK(values_of<int8_t>(reduce_all<MinAccumulator>(ei))[0] == 127);
  const Tensor eb = tensor<uint8_t>(ElementType::Bool, {0}, {});
  CHECK(values_of<uint8_t>(reduce_all<MaxAccumulator>(eb))[0] == 0);
  CHECK(values_of<uint8_t>(reduce_all<MinAccumulator>(eb))[0] == 1);
  const Tensor bools = tensor<uint8_t>(ElementType::Bool, {2, 2}, {0, 1, 0, 0});
  CHECK(values_of<uint8_t>(reduce_tensor(bools, V{1}, false, row_kernel<MaxAccumulator>())) == std::vector<uint8_t>{1, 0});
  CHECK(values_of<uint8_t>(reduce_tensor(bools, V{0}, false, row_kernel<MinAccumulator>())) == std::vector<uint8_t>{0, 0});
  const Tensor u64 = tensor<uint64_t>(ElementType::UInt64, {3}, {UINT64_MAX, 0, UINT64_MAX - 1});
  CHECK(values_of<uint64_t>(reduce_all<MaxAccumulator>(u64))[0] == UINT64_MAX);
  // int64 beyond 2^53 is compared exactly, never through double.
  const int64_t p = (int64_t{1} << 60) + 1;
  CHECK(values_of<int64_t>(reduce_all<MaxAccumulator>(tensor<int64_t>(ElementType::Int64, {2}, {p, p - 1})))[0] == p);
  // float16 compares by value (bit patterns would order negatives backwards).
  const Tensor h = small_floats(ElementType::Float16, {-1.0, -2.0, 0.5});
  CHECK(small_value(ElementType::Float16, reduce_all<MinAccumulator>(h)) == -2.0);
  // ReduceMax-20 takes bool; the versions before it do not.
  CHECK(Registry::builtin().resolve("", "ReduceMax", 20)->constraint("T").allows(ValueType::tensor(ElementType::Bool)));
  CHECK(!Registry::builtin().resolve("", "ReduceMax", 18)->constraint("T").allows(ValueType::tensor(ElementType::Bool)));
  CHECK(!Registry::builtin().resolve("", "ReduceMin", 11)->constraint("T").allows(ValueType::tensor(ElementType::Int8)));
}

TEST_CASE("ReduceL1, ReduceSumSquare: exact sums of |x| and x*x rounded once; integers wrap") {
  std::mt19937_64 rng(151);
  for (int trial = 0; trial < 200; ++trial) {
    const int64_t n = 1 + static_cast<int64_t>(rng() % 300);
    std::vector<float> f;
    std::vector<double> d;
    __int128 abs24 = 0, sq24 = 0, sq26 = 0;
    for (int64_t i = 0; i < n; ++i) {
      const int64_t k = static_cast<int64_t>(rng() % (1 << 24)) - (1 << 23);
      const int64_t k26 = static_cast<int64_t>(rng() % (1 << 26)) - (1 << 25);
      abs24 += k < 0 ? -k : k;
      sq24 += static_cast<__int128>(k) * k;
      sq26 += static_cast<__int128>(k26) * k26;
      f.push_back(std::ldexp(static_cast<float>(k), -10));
      d.push_back(std::ldexp(static_cast<double>(k26), -30));
    }
    const Tensor tf = floats({n}, f);
    CHECK(values_of<float>(reduce_all<L1Accumulator>(tf))[0] == static_cast<float>(round_rational(abs24, __int128{1} << 10, 24)));
    CHECK(values_of<float>(reduce_all<SumSquareAccumulator>(tf))[0] ==
          static_cast<float>(round_rational(sq24, __int128{1} << 20, 24)));
    CHECK(values_of<double>(reduce_all<SumSquareAccumulator>(doubles({n}, d)))[0] == round_rational(sq26, __int128{1} << 60, 53));
  }
  // A double square needs more than 53 bits: (1 + 2^-30)^2 = 1 + 2^-29 + 2^-60, plus -1.
  const double a = 1 + std::ldexp(1.0, -30);
  CHECK(values_of<double>(reduce_all<SumSquareAccumulator>(doubles({2}, {a, 1e-300})))[0] == 1 + std::ldexp(1.0, -29));
  // Negative zeros: |-0| is +0, and (-0)^2 is +0.
  CHECK(!std::signbit(values_of<float>(reduce_all<L1Accumulator>(floats({2}, {-0.0f, -0.0f})))[0]));
  CHECK(values_of<float>(reduce_all<L1Accumulator>(floats({3}, {-INFINITY, 1, 2})))[0] == INFINITY);
  CHECK(values_of<float>(reduce_all<SumSquareAccumulator>(floats({1}, {2e19f})))[0] == INFINITY);
  // Integers wrap: |INT32_MIN| is INT32_MIN; squares wrap modulo 2^32.
  const Tensor i = tensor<int32_t>(ElementType::Int32, {2}, {INT32_MIN, -1});
  CHECK(values_of<int32_t>(reduce_all<L1Accumulator>(i))[0] == INT32_MIN + 1);
  CHECK(values_of<int32_t>(reduce_all<SumSquareAccumulator>(tensor<int32_t>(ElementType::Int32, {1}, {65536})))[0] == 0);
  CHECK(values_of<float>(reduce_tensor(floats({0, 3}, {}), V{0}, false, row_kernel<L1Accumulator>())) == std::vector<float>(3, 0.0f));
}

// spec: ReduceMax-18: "The resulting tensor has the same rank as the input if `keepdims` equals 1."
TEST_CASE("Reduce* versions: axes attribute and input, keepdims, noop_with_empty_axes, bad input") {
  const Tensor x = floats({2, 3}, {1, 2, 3, 4, 5, 6});
  Attributes a13;
  a13.set("axes", std::vector<int64_t>{-1});
  a13.set("keepdims", int64_t{0});
  CHECK(values_of<float>(tensor_of(run("ReduceMean", 13, {Value(x)}, a13))) == std::vector<float>{2, 5});
  const Tensor axes = tensor<int64_t>(ElementType::Int64, {1}, {0});
  CHECK(values_of<float>(tensor_of(run("ReduceMax", 18, {Value(x), Value(axes)}))) == std::vector<float>{4, 5, 6});
  CHECK(tensor_of(run("ReduceMax", 18, {Value(x), Value(axes)})).shape() == Shape{1, 3});
  // noop_with_empty_axes with no axes: no reduction, but ReduceL1 still takes |x| (its non-reduction step).
  Attributes noop;
  noop.set("noop_with_empty_axes", int64_t{1});
  CHECK(values_of<float>(tensor_of(run("ReduceL1", 18, {Value(floats({2}, {-1, 2}))}, noop))) == std::vector<float>{1, 2});
  CHECK(values_of<float>(tensor_of(run("ReduceSumSquare", 18, {Value(x), std::nullopt}))) == std::vector<float>{91});
  // Repeated or out-of-range axes, a bad keepdims.
  const Tensor twice = tensor<int64_t>(ElementType::Int64, {2}, {1, -1});
  CHECK_THROWS_WITH_AS(run("ReduceMin", 18, {Value(x), Value(twice)}),
                       "axes[0] and axes[1] both name axis 1; an axis may be reduced only once", Error);
  Attributes far;
  far.set("axes", std::vector<int64_t>{2});
  CHECK_THROWS_AS(run("ReduceMean", 11, {Value(x)}, far), Error);
  Attributes bad;
  bad.set("keepdims", int64_t{2});
  CHECK_THROWS_WITH_AS(run("ReduceMax", 13, {Value(x)}, bad), "attribute 'keepdims' must be 0 or 1, got 2", Error);
}

// spec: ArgMax-13: "Accepted range is [-r, r-1] where r = rank(data)."
// spec: ArgMin-12: "If select_last_index is True (default False), the index of the last occurrence of the min is selected if the min appears more than once in the input."
// spec: ArgMax-12: "If select_last_index is True (default False), the index of the last occurrence of the max is selected if the max appears more than once in the input."
TEST_CASE("ArgMax, ArgMin: ties, select_last_index, NaN, axes, empty axis") {
  const Tensor x = floats({2, 4}, {1, 5, 5, 0, 2, 2, -0.0f, 0.0f});
  Attributes a;
  a.set("axis", int64_t{1});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMax", 13, {Value(x)}, a))) == std::vector<int64_t>{1, 0});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMin", 13, {Value(x)}, a))) == std::vector<int64_t>{3, 2});
  CHECK(tensor_of(run("ArgMax", 13, {Value(x)}, a)).shape() == Shape{2, 1});
  a.set("select_last_index", int64_t{1});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMax", 12, {Value(x)}, a))) == std::vector<int64_t>{2, 1});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMin", 12, {Value(x)}, a))) == std::vector<int64_t>{3, 3});  // -0 == +0
  Attributes b;
  b.set("axis", int64_t{-2});
  b.set("keepdims", int64_t{0});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMax", 11, {Value(x)}, b))) == std::vector<int64_t>{1, 0, 0, 0});  // the last column ties
  CHECK(tensor_of(run("ArgMax", 11, {Value(x)}, b)).shape() == Shape{4});
  // NaN is the extreme for both, the first one (the last with select_last_index).
  const Tensor n = floats({4}, {1, NAN, 3, NAN});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMax", 13, {Value(n)}))) == std::vector<int64_t>{1});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMin", 13, {Value(n)}))) == std::vector<int64_t>{1});
  Attributes last;
  last.set("select_last_index", int64_t{1});
  CHECK(values_of<int64_t>(tensor_of(run("ArgMin", 13, {Value(n)}, last))) == std::vector<int64_t>{3});
  // int64 beyond 2^53 compared exactly.
  const int64_t p = (int64_t{1} << 60);
  CHECK(values_of<int64_t>(tensor_of(run("ArgMax", 13, {Value(tensor<int64_t>(ElementType::Int64, {2}, {p, p + 1}))}))) == std::vector<int64_t>{1});
  // Bad input: an axis out of range, an axis of size 0, a bad flag; ArgMax-11 has no select_last_index.
  Attributes far;
  far.set("axis", int64_t{2});
  CHECK_THROWS_WITH_AS(run("ArgMax", 13, {Value(x)}, far), "axis = 2 is out of range for rank 2 (valid: -2 to 1)", Error);
  Attributes zero;
  zero.set("axis", int64_t{1});
  CHECK_THROWS_WITH_AS(run("ArgMin", 13, {Value(floats({2, 0}, {}))}, zero),
                       "axis 1 has size 0: an empty set of values has no smallest element", Error);
  CHECK(tensor_of(run("ArgMin", 13, {Value(floats({0, 3}, {}))}, zero)).shape() == Shape{0, 1});
  CHECK_THROWS_AS(run("ArgMax", 13, {Value(x)}, [] { Attributes s; s.set("select_last_index", int64_t{-1}); return s; }()), Error);
  CHECK(Registry::builtin().resolve("", "ArgMax", 11)->attribute("select_last_index") == nullptr);
}
