// Unit tests of ops/reduce/reduce_sum.cpp.
#include "helpers/reduce_range.h"

TEST_CASE("ReduceSum: kernels over any axes, integer wrap, empty reductions") {
  const Tensor x = floats({2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(values_of<float>(reduce_tensor(x, V{0}, true, row_kernel<SumAccumulator>())) == std::vector<float>{5, 7, 9});
  CHECK(values_of<float>(reduce_tensor(x, V{1}, false, row_kernel<SumAccumulator>())) == std::vector<float>{6, 15});
  CHECK(values_of<float>(reduce_tensor(x, V{}, false, row_kernel<SumAccumulator>())) == std::vector<float>{21});
  CHECK(values_of<float>(reduce_tensor(x, V{0}, true, row_kernel<ProdAccumulator>())) == std::vector<float>{4, 10, 18});
  // Axes 0 and 2 of [2, 2, 2]: the elements of each output are not contiguous.
  const Tensor y =
      Tensor::from_values<int32_t>(ElementType::Int32, {2, 2, 2}, std::vector<int32_t>{1, 2, 3, 4, 5, 6, 7, 8});
  CHECK(values_of<int32_t>(reduce_tensor(y, V{0, 2}, false, row_kernel<SumAccumulator>())) ==
        std::vector<int32_t>{14, 22});
  CHECK(values_of<int32_t>(reduce_tensor(y, V{0, 2}, false, row_kernel<ProdAccumulator>())) ==
        std::vector<int32_t>{60, 672});
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
  CHECK(values_of<double>(reduce_tensor(doubles({}, {2.5}), V{}, true, row_kernel<SumAccumulator>())) ==
        std::vector<double>{2.5});
}

TEST_CASE("ReduceSum: floating sums are exact and rounded once") {
  // Naive float summation loses the ones; the exact sum is 2^24 + 2.
  CHECK(sum_floats({16777216.0f, 1.0f, 1.0f}) == 16777218.0f);
  CHECK(sum_floats({1e30f, 1.0f, -1e30f}) == 1.0f);
  CHECK(sum_floats({1.0f, 1e30f, -1e30f}) == 1.0f);
  // 2^24 + 1 + 2^-30: the exact sum is just above the tie, so it rounds up (ties-to-even would not).
  CHECK(sum_floats({16777216.0f, 1.0f, std::ldexp(1.0f, -30)}) == 16777218.0f);
  CHECK(sum_floats({16777216.0f, 1.0f}) == 16777216.0f);  // a real tie: to even
  CHECK(sum_doubles({1e308, 1e308, -1e308}) == 1e308);    // no intermediate overflow
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
  CHECK_THROWS_WITH_AS(
      run("ReduceSum", 13, {Value(x), Value(Tensor::from_values<int64_t>(ElementType::Int64, {}, V{0}))}, {}),
      "the axes input must be 1-D, but it is int64[]", Error);
}
