// ReduceSum, ReduceProd (the shared reduction engine) and Range: pure rules, exactness, kernels.
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include "model_builder.h"
#include "ops/generators/range.h"
#include "numeric/exact_sum.h"
#include "ops/reduce/accumulators.h"
#include "ops/reduce/reduction.h"
#include "ops/registry.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

using namespace onnx_ref;

namespace {
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
using V = std::vector<int64_t>;

template <class T>
std::vector<T> values_of(const Tensor& t) {
  const T* p = t.data_as<T>();
  return std::vector<T>(p, p + t.element_count());
}
Tensor floats(Shape shape, std::vector<float> v) { return Tensor::from_values<float>(ElementType::Float, std::move(shape), v); }
Tensor doubles(Shape shape, std::vector<double> v) { return Tensor::from_values<double>(ElementType::Double, std::move(shape), v); }
float sum_floats(std::vector<float> v) {
  const Tensor t = floats({static_cast<int64_t>(v.size())}, v);
  return values_of<float>(reduce_tensor(t, {}, false, row_kernel<SumAccumulator>()))[0];
}
double sum_doubles(std::vector<double> v) {
  const Tensor t = doubles({static_cast<int64_t>(v.size())}, v);
  return values_of<double>(reduce_tensor(t, {}, false, row_kernel<SumAccumulator>()))[0];
}

// Runs one node through the registry's kernel for `label`'s version.
std::vector<Value> run(const std::string& op, int opset, std::vector<std::optional<Value>> inputs, Attributes attrs) {
  const OpVersion* v = Registry::builtin().resolve("", op, opset);
  REQUIRE(v != nullptr);
  for (const auto& a : v->attributes)
    if (!attrs.has(a.name) && a.default_value) attrs.set(a.name, *a.default_value);
  if (v->check_attributes) v->check_attributes(attrs);
  KernelContext ctx(attrs, inputs, 1);
  return v->kernel(ctx);
}
}  // namespace

TEST_CASE("reduce axes: every axis in and out of range, negative, repeated") {
  for (int64_t rank = 0; rank <= 4; ++rank) {
    for (int64_t a = -rank - 2; a <= rank + 1; ++a) {
      const V axes{a};
      if (a >= -rank && a < rank) {
        CHECK(normalize_reduce_axes(axes, rank, true) == V{a < 0 ? a + rank : a});
        if (a >= 0) CHECK(normalize_reduce_axes(axes, rank, false) == V{a});
        else CHECK_THROWS_AS(normalize_reduce_axes(axes, rank, false), Error);
      } else {
        CHECK_THROWS_AS(normalize_reduce_axes(axes, rank, true), Error);
      }
    }
  }
  CHECK(normalize_reduce_axes(V{2, -3, 1}, 3, true) == V{0, 1, 2});
  CHECK(normalize_reduce_axes(V{}, 3, true).empty());
  CHECK_THROWS_WITH_AS(normalize_reduce_axes(V{3}, 3, true), "axes[0] = 3 is out of range for an input of rank 3 (valid: -3 to 2)", Error);
  CHECK_THROWS_WITH_AS(normalize_reduce_axes(V{0, -1}, 3, false), "axes[1] = -1 is out of range for an input of rank 3 (valid: 0 to 2)", Error);
  CHECK_THROWS_WITH_AS(normalize_reduce_axes(V{0}, 0, true), "axes[0] = 0 is out of range for an input of rank 0 (valid: none: the input is a scalar)", Error);
  CHECK_THROWS_WITH_AS(normalize_reduce_axes(V{1, -2}, 3, true), "axes[0] and axes[1] both name axis 1; an axis may be reduced only once", Error);
  CHECK_THROWS_AS(normalize_reduce_axes(V{kMin}, 3, true), Error);
  CHECK_THROWS_AS(normalize_reduce_axes(V{kMax}, 3, true), Error);
}

TEST_CASE("reduce output shape: every subset of axes, keepdims on and off") {
  const Shape in{2, 0, 3, 1};
  for (int mask = 0; mask < 16; ++mask) {
    V axes;
    for (int64_t d = 0; d < 4; ++d)
      if (mask & (1 << d)) axes.push_back(d);
    Shape keep, drop;
    for (int64_t d = 0; d < 4; ++d) {
      const bool reduced = axes.empty() || (mask & (1 << d));
      keep.push_back(reduced ? 1 : in[static_cast<size_t>(d)]);
      if (!reduced) drop.push_back(in[static_cast<size_t>(d)]);
    }
    CHECK(reduce_output_shape(in, axes, true) == keep);
    CHECK(reduce_output_shape(in, axes, false) == drop);
  }
  CHECK(reduce_output_shape({}, V{}, true) == Shape{});
  CHECK(reduce_output_shape({}, V{}, false) == Shape{});
}

TEST_CASE("ReduceSum: kernels over any axes, integer wrap, empty reductions") {
  const Tensor x = floats({2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(values_of<float>(reduce_tensor(x, V{0}, true, row_kernel<SumAccumulator>())) == std::vector<float>{5, 7, 9});
  CHECK(values_of<float>(reduce_tensor(x, V{1}, false, row_kernel<SumAccumulator>())) == std::vector<float>{6, 15});
  CHECK(values_of<float>(reduce_tensor(x, V{}, false, row_kernel<SumAccumulator>())) == std::vector<float>{21});
  CHECK(values_of<float>(reduce_tensor(x, V{0}, true, row_kernel<ProdAccumulator>())) == std::vector<float>{4, 10, 18});
  // Axes 0 and 2 of [2, 2, 2]: the elements of each output are not contiguous.
  const Tensor y = Tensor::from_values<int32_t>(ElementType::Int32, {2, 2, 2}, std::vector<int32_t>{1, 2, 3, 4, 5, 6, 7, 8});
  CHECK(values_of<int32_t>(reduce_tensor(y, V{0, 2}, false, row_kernel<SumAccumulator>())) == std::vector<int32_t>{14, 22});
  CHECK(values_of<int32_t>(reduce_tensor(y, V{0, 2}, false, row_kernel<ProdAccumulator>())) == std::vector<int32_t>{60, 672});
  // Two's complement wrap.
  const Tensor big = Tensor::from_values<int32_t>(ElementType::Int32, {2}, std::vector<int32_t>{INT32_MAX, 1});
  CHECK(values_of<int32_t>(reduce_tensor(big, V{}, false, row_kernel<SumAccumulator>()))[0] == INT32_MIN);
  const Tensor u = Tensor::from_values<uint64_t>(ElementType::UInt64, {2}, std::vector<uint64_t>{UINT64_MAX, 3});
  CHECK(values_of<uint64_t>(reduce_tensor(u, V{}, false, row_kernel<SumAccumulator>()))[0] == 2);
  CHECK(values_of<uint64_t>(reduce_tensor(u, V{}, false, row_kernel<ProdAccumulator>()))[0] == UINT64_MAX - 2);
  const Tensor i64 = Tensor::from_values<int64_t>(ElementType::Int64, {2}, std::vector<int64_t>{kMin, -1});
  CHECK(values_of<int64_t>(reduce_tensor(i64, V{}, false, row_kernel<SumAccumulator>()))[0] == kMax);
  CHECK(values_of<int64_t>(reduce_tensor(i64, V{}, false, row_kernel<ProdAccumulator>()))[0] == kMin);
  // Empty reductions give the identity; an empty non-reduced axis gives an empty output.
  const Tensor e = floats({2, 0, 4}, {});
  CHECK(reduce_tensor(e, V{1}, true, row_kernel<SumAccumulator>()).shape() == Shape{2, 1, 4});
  CHECK(values_of<float>(reduce_tensor(e, V{1}, true, row_kernel<SumAccumulator>())) == std::vector<float>(8, 0.0f));
  CHECK(values_of<float>(reduce_tensor(e, V{1}, true, row_kernel<ProdAccumulator>())) == std::vector<float>(8, 1.0f));
  CHECK(reduce_tensor(e, V{2}, true, row_kernel<SumAccumulator>()).shape() == Shape{2, 0, 1});
  CHECK(std::signbit(values_of<float>(reduce_tensor(e, V{}, false, row_kernel<SumAccumulator>()))[0]) == false);
  // A scalar reduced over every axis is itself.
  CHECK(values_of<double>(reduce_tensor(doubles({}, {2.5}), V{}, true, row_kernel<SumAccumulator>())) == std::vector<double>{2.5});
}

TEST_CASE("ReduceSum: floating sums are exact and rounded once") {
  // Naive float summation loses the ones; the exact sum is 2^24 + 2.
  CHECK(sum_floats({16777216.0f, 1.0f, 1.0f}) == 16777218.0f);
  CHECK(sum_floats({1e30f, 1.0f, -1e30f}) == 1.0f);
  CHECK(sum_floats({1.0f, 1e30f, -1e30f}) == 1.0f);
  // 2^24 + 1 + 2^-30: the exact sum is just above the tie, so it rounds up (ties-to-even would not).
  CHECK(sum_floats({16777216.0f, 1.0f, std::ldexp(1.0f, -30)}) == 16777218.0f);
  CHECK(sum_floats({16777216.0f, 1.0f}) == 16777216.0f);  // a real tie: to even
  CHECK(sum_doubles({1e308, 1e308, -1e308}) == 1e308);  // no intermediate overflow
  CHECK(sum_doubles({1.0, 1e-300, -1.0}) == 1e-300);
  CHECK(sum_doubles({std::ldexp(1.0, -1074), std::ldexp(1.0, -1074)}) == std::ldexp(1.0, -1073));
  CHECK(sum_doubles({1e308, 1e308}) == std::numeric_limits<double>::infinity());
  // IEEE specials and signed zeros.
  const float inf = std::numeric_limits<float>::infinity();
  CHECK(std::isnan(sum_floats({inf, -inf, 1})));
  CHECK(std::isnan(sum_floats({1, std::nanf("")})));
  CHECK(sum_floats({inf, 1e30f, 2}) == inf);
  CHECK(sum_floats({-inf, 1}) == -inf);
  CHECK(std::signbit(sum_floats({-0.0f, -0.0f})));
  CHECK(!std::signbit(sum_floats({-0.0f, 0.0f})));
  CHECK(!std::signbit(sum_floats({1.0f, -1.0f})));
  CHECK(std::signbit(sum_doubles({-0.0})));
}

TEST_CASE("ReduceSum: the result does not depend on the order (random data, every path)") {
  std::mt19937_64 g(7);
  for (int trial = 0; trial < 20; ++trial) {
    const int n = 1 + static_cast<int>(g() % 5000);
    std::vector<float> v(static_cast<size_t>(n));
    std::uniform_real_distribution<float> d(-1, 1);
    std::uniform_int_distribution<int> e(-60, 60);
    for (auto& x : v) x = std::ldexp(d(g), trial % 2 ? e(g) : 0);  // wide spreads take the slow path
    // Reference: the exact sum as an ExactSum, rounded to odd then to float.
    ExactSum s;
    for (float x : v) s.add(x);
    const float want = static_cast<float>(s.round_odd());
    CHECK(sum_floats(v) == want);
    std::shuffle(v.begin(), v.end(), g);
    CHECK(sum_floats(v) == want);
    std::reverse(v.begin(), v.end());
    CHECK(sum_floats(v) == want);
    // float16 and bfloat16 runs agree with their exact sums too.
    std::vector<uint16_t> h(v.size()), b(v.size());
    ExactSum sh, sb;
    for (size_t i = 0; i < v.size(); ++i) {
      h[i] = static_cast<uint16_t>(encode_small_float(ElementType::Float16, v[i] / 64));
      b[i] = static_cast<uint16_t>(encode_small_float(ElementType::BFloat16, v[i]));
      sh.add(decode_small_float(ElementType::Float16, h[i]));
      sb.add(decode_small_float(ElementType::BFloat16, b[i]));
    }
    const Tensor th = Tensor::from_values<uint16_t>(ElementType::Float16, {n}, h);
    const Tensor tb = Tensor::from_values<uint16_t>(ElementType::BFloat16, {n}, b);
    CHECK(values_of<uint16_t>(reduce_tensor(th, V{}, false, row_kernel<SumAccumulator>()))[0] ==
          narrow<Float16Bits>(sh.round_odd()).bits);
    CHECK(values_of<uint16_t>(reduce_tensor(tb, V{}, false, row_kernel<SumAccumulator>()))[0] ==
          narrow<BFloat16Bits>(sb.round_odd()).bits);
  }
}

TEST_CASE("ExactSum: rounding to nearest and to odd, signs, products") {
  ExactSum s;
  CHECK(s.sign() == 0);
  CHECK(s.round_nearest() == 0);
  s.add(1.0);
  s.add(std::ldexp(1.0, -53));  // 1 + half an ulp: a tie, to even
  CHECK(s.round_nearest() == 1.0);
  CHECK(s.round_odd() == std::nextafter(1.0, 2.0));
  s.add(std::ldexp(1.0, -1074));  // just above the tie
  CHECK(s.round_nearest() == std::nextafter(1.0, 2.0));
  ExactSum p;
  p.add_product(uint64_t{1} << 62, 0.1);
  p.add(-0.1 * std::ldexp(1.0, 62));
  CHECK(p.sign() == 0);
  p.add_product(3, -std::numeric_limits<double>::max());
  CHECK(p.sign() == -1);
  CHECK(p.round_nearest() == -std::numeric_limits<double>::infinity());
}

TEST_CASE("ReduceProd: double accumulation with a separate exponent") {
  const Tensor f = floats({4}, {1e30f, 1e30f, 1e-30f, 1e-30f});
  CHECK(values_of<float>(reduce_tensor(f, V{}, false, row_kernel<ProdAccumulator>()))[0] == 1.0f);
  const Tensor d = doubles({3}, {1e300, 1e300, 1e-300});
  CHECK(values_of<double>(reduce_tensor(d, V{}, false, row_kernel<ProdAccumulator>()))[0] == doctest::Approx(1e300));
  const float inf = std::numeric_limits<float>::infinity();
  CHECK(std::isnan(values_of<float>(reduce_tensor(floats({2}, {inf, 0}), V{}, false, row_kernel<ProdAccumulator>()))[0]));
  CHECK(values_of<float>(reduce_tensor(floats({2}, {inf, -2}), V{}, false, row_kernel<ProdAccumulator>()))[0] == -inf);
  CHECK(values_of<float>(reduce_tensor(floats({2}, {3e38f, 10}), V{}, false, row_kernel<ProdAccumulator>()))[0] == inf);
}

TEST_CASE("ReduceSum/ReduceProd versions: axes attribute or input, noop_with_empty_axes, keepdims") {
  const Tensor x = floats({2, 3}, {1, 2, 3, 4, 5, 6});
  Attributes attrs;
  attrs.set("axes", std::vector<int64_t>{-1});
  CHECK(run("ReduceSum", 1, {Value(x)}, attrs)[0].tensor().shape() == Shape{2, 1});
  attrs.set("keepdims", int64_t{0});
  CHECK(values_of<float>(run("ReduceSum", 11, {Value(x)}, attrs)[0].tensor()) == std::vector<float>{6, 15});
  Attributes bad;
  bad.set("keepdims", int64_t{2});
  CHECK_THROWS_WITH_AS(run("ReduceProd", 13, {Value(x)}, bad), "attribute 'keepdims' must be 0 or 1, got 2", Error);
  // Axes as input: empty means all, or nothing with noop_with_empty_axes.
  const Tensor empty_axes = testing::int64_tensor({});
  CHECK(run("ReduceSum", 13, {Value(x), Value(empty_axes)}, {})[0].tensor().shape() == Shape{1, 1});
  CHECK(run("ReduceSum", 13, {Value(x), std::nullopt}, {})[0].tensor().shape() == Shape{1, 1});
  Attributes noop;
  noop.set("noop_with_empty_axes", int64_t{1});
  CHECK(run("ReduceProd", 18, {Value(x), Value(empty_axes)}, noop)[0].tensor().identical_to(x));
  CHECK(run("ReduceProd", 18, {Value(x)}, noop)[0].tensor().identical_to(x));
  CHECK(values_of<float>(run("ReduceProd", 18, {Value(x), Value(testing::int64_tensor({0}))}, noop)[0].tensor()) ==
        std::vector<float>{4, 10, 18});
  CHECK_THROWS_WITH_AS(run("ReduceSum", 13, {Value(x), Value(testing::int64_tensor({1, -1}))}, {}),
                       "axes[0] and axes[1] both name axis 1; an axis may be reduced only once", Error);
  CHECK_THROWS_WITH_AS(run("ReduceSum", 13, {Value(x), Value(Tensor::from_values<int64_t>(ElementType::Int64, {}, V{0}))}, {}),
                       "the axes input must be 1-D, but it is int64[]", Error);
}

TEST_CASE("Range: integer counts exactly, without overflow") {
  CHECK(range_count_integer(3, 9, 3) == 2);
  CHECK(range_count_integer(10, 4, -2) == 3);
  CHECK(range_count_integer(10, 6, -3) == 2);
  CHECK(range_count_integer(0, 0, 1) == 0);
  CHECK(range_count_integer(5, 0, 1) == 0);
  CHECK(range_count_integer(0, 5, -1) == 0);
  CHECK(range_count_integer(kMin, kMax, kMax) == 3);  // -2^63, -1, 2^63 - 2
  CHECK(range_count_integer(kMax, kMin, kMin) == 2);
  CHECK(range_count_integer(kMin, kMax - 1, 2) == kMax);  // 2^63 - 1 elements: counted, not allocatable
  CHECK_THROWS_AS(range_count_integer(kMin, kMax, 2), Error);  // 2^63 elements
  CHECK_THROWS_WITH_AS(range_count_integer(kMin, kMax, 1),
                       "Range(start = -9223372036854775808, limit = 9223372036854775807, delta = 1) would hold "
                       "18446744073709551615 elements, more than int64 can count",
                       Error);
  CHECK_THROWS_WITH_AS(range_count_integer(1, 2, 0), "Range's delta is 0: the element count max(ceil((limit - start) / delta), 0) is undefined", Error);
}

TEST_CASE("Range: floating counts are the exact ceiling") {
  CHECK(range_count_floating(1, 5, 2) == 2);
  CHECK(range_count_floating(0, 1, 0.1) == 10);  // 1 / 0.1000000000000000055... = 9.99...: ceil 10
  CHECK(range_count_floating(0, 0.3, 0.1) == 3);  // 0.3 is just below 3 * 0.1
  CHECK(range_count_floating(0, 1, 0.25) == 4);   // exactly 4: no fifth element
  CHECK(range_count_floating(1, 0, -0.25) == 4);
  CHECK(range_count_floating(0, 1e-300, 1e-301) == 10);
  CHECK(range_count_floating(5, 1, 1) == 0);
  // The double quotient of (limit - start) / delta rounds to exactly 2^53 here; the exact ceiling is 2^53 + 1.
  CHECK(range_count_floating(0, 9007199254740993.0 * 0.5, 0.5) == 9007199254740992);
  CHECK(range_count_floating(-std::ldexp(1.0, 60), std::ldexp(1.0, 60), std::ldexp(1.0, 59)) == 4);
  CHECK_THROWS_WITH_AS(range_count_floating(0, 1e300, 1e-300),
                       "Range(start = 0, limit = 1.0000000000000001e+300, delta = 1e-300) would hold about inf elements, more than can ever be allocated",
                       Error);
  CHECK_THROWS_AS(range_count_floating(-1e308, 1e308, 1), Error);
  CHECK_THROWS_WITH_AS(range_count_floating(0, 1, 0), "Range's delta is 0: the element count max(ceil((limit - start) / delta), 0) is undefined", Error);
  CHECK_THROWS_WITH_AS(range_count_floating(0, std::numeric_limits<double>::infinity(), 1),
                       "Range needs finite start, limit and delta; got start = 0, limit = inf, delta = 1", Error);
  CHECK_THROWS_AS(range_count_floating(std::nan(""), 1, 1), Error);
}

TEST_CASE("Range: elements are start + i * delta rounded once") {
  CHECK(range_element(1, 2, 1, false) == 3);
  CHECK(range_element(0, 0.1, 3, false) == 0.30000000000000004);  // 3 * 0.1 exactly, then rounded: not 0.1+0.1+0.1
  CHECK(range_element(0.5, 0.1, 7, false) == 1.2);  // 0.5 + 7 * 0.1 in double arithmetic rounds twice: 1.2000000000000002
  CHECK(range_element(1e16, 1, 1, false) == 1e16);  // 1e16 + 1 is a tie: to even
  CHECK(range_element(1e16, 1.5, 1, false) == 1e16 + 2);
  // float elements: the exact value rounded to float, not the double rounded again.
  const float f = static_cast<float>(range_element(16777216.0, 1.0 + std::ldexp(1.0, -23), 1, true));
  CHECK(f == 16777218.0f);  // 2^24 + 1 + 2^-23 rounds up; via a double rounding 2^24 + 1 ... would tie to 2^24
  // Large i takes the exact path.
  CHECK(range_element(0.25, 0.1, int64_t{1} << 40, false) == 109951162777.85);
}

TEST_CASE("Range versions: types, scalars, stash_type") {
  auto scalar = [](ElementType t, double v) {
    Tensor x = Tensor::zeros(t, {});
    dispatch_real(t, [&](auto tag) {
      using S = typename decltype(tag)::type;
      if constexpr (is_float_storage<S>) *reinterpret_cast<S*>(x.mutable_data()) = narrow<S>(v);
      else if constexpr (std::is_integral_v<S>) *reinterpret_cast<S*>(x.mutable_data()) = static_cast<S>(v);
    });
    return Value(x);
  };
  const auto out = run("Range", 11, {scalar(ElementType::Int16, 10), scalar(ElementType::Int16, 4), scalar(ElementType::Int16, -2)}, {})[0].tensor();
  CHECK(values_of<int16_t>(out) == std::vector<int16_t>{10, 8, 6});
  const auto h = run("Range", 27, {scalar(ElementType::Float16, 1), scalar(ElementType::Float16, 5), scalar(ElementType::Float16, 2)}, {})[0].tensor();
  CHECK(h.type() == ElementType::Float16);
  CHECK(values_of<uint16_t>(h) == std::vector<uint16_t>{0x3c00, 0x4200});  // 1, 3
  // float16 2048 + i: 2049 is not a float16 (spacing 2); each element is rounded once, to even.
  const auto g = run("Range", 27, {scalar(ElementType::Float16, 2048), scalar(ElementType::Float16, 2052), scalar(ElementType::Float16, 1)}, {})[0].tensor();
  CHECK(values_of<uint16_t>(g) == std::vector<uint16_t>{0x6800, 0x6800, 0x6801, 0x6802});
  Attributes bad;
  bad.set("stash_type", int64_t{10});
  CHECK_THROWS_WITH_AS(run("Range", 27, {scalar(ElementType::BFloat16, 0), scalar(ElementType::BFloat16, 1), scalar(ElementType::BFloat16, 1)}, bad),
                       "attribute 'stash_type' = 10 is neither 1 (float) nor 11 (double)", Error);
  CHECK_NOTHROW(run("Range", 27, {scalar(ElementType::Int32, 0), scalar(ElementType::Int32, 1), scalar(ElementType::Int32, 1)}, bad));
  CHECK_THROWS_WITH_AS(run("Range", 11, {Value(floats({2}, {0, 1})), scalar(ElementType::Float, 1), scalar(ElementType::Float, 1)}, {}),
                       "Range's start must be a scalar, but it is float[2]", Error);
  // One element in a 1-D tensor is a scalar too (ONNX's RMSNormalization-23 body writes them): 0, 1.
  const auto one_d = run("Range", 11, {Value(floats({1}, {0})), scalar(ElementType::Float, 2), Value(floats({1}, {1}))}, {})[0].tensor();
  CHECK(values_of<float>(one_d) == std::vector<float>{0, 1});
  const auto i64 = run("Range", 11, {scalar(ElementType::Int64, 0), scalar(ElementType::Int64, -5), scalar(ElementType::Int64, 1)}, {})[0].tensor();
  CHECK(i64.shape() == Shape{0});
}
