// Unit tests of ops/reduce/reduce_mean.cpp.
#include "helpers/reductions.h"

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
  auto mean_f = [](std::vector<float> v) {
    return values_of<float>(reduce_all<MeanAccumulator>(floats({static_cast<int64_t>(v.size())}, v)))[0];
  };
  auto mean_d = [](std::vector<double> v) {
    return values_of<double>(reduce_all<MeanAccumulator>(doubles({static_cast<int64_t>(v.size())}, v)))[0];
  };
  const float u = std::ldexp(1.0f, -23);
  CHECK(mean_f({1.0f, 1.0f + u}) == 1.0f);                  // 1 + 2^-24: a tie, to the even 1
  CHECK(mean_f({1.0f + u, 1.0f + 2 * u}) == 1.0f + 2 * u);  // 1 + 3·2^-24: a tie, to the even side
  CHECK(mean_f({1e30f, 1.0f, -1e30f}) == static_cast<float>(round_rational(1, 3, 24)));
  CHECK(mean_f({3e38f, 3e38f, 3e38f}) == 3e38f);
  const double dmax = std::numeric_limits<double>::max();
  CHECK(mean_d({dmax, dmax, dmax}) == dmax);  // the double sum overflows; the mean does not
  CHECK(mean_d({dmax, -dmax, 1.0}) == round_rational(1, 3, 53));
  const double tiny = std::numeric_limits<double>::denorm_min();
  CHECK(mean_d({tiny, 0}) == 0);             // half a unit: a tie, to the even 0
  CHECK(mean_d({3 * tiny, 0}) == 2 * tiny);  // 1.5 units: to the even 2
  CHECK(mean_d({-3 * tiny, 0}) == -2 * tiny);
  CHECK(mean_d({tiny, 0, 0}) == 0);
  CHECK(mean_d({tiny, tiny, 0}) == tiny);      // 2/3 of a unit
  CHECK(std::signbit(mean_d({-tiny, 0, 0})));  // rounds to zero from below: -0
  const float ftiny = std::numeric_limits<float>::denorm_min();
  CHECK(mean_f({ftiny, 0}) == 0);  // float subnormals: the same ties to even
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
  CHECK(values_of<int64_t>(
            reduce_all<MeanAccumulator>(tensor<int64_t>(ElementType::Int64, {3}, {big, big, big - 3})))[0] == big - 1);
  CHECK(values_of<uint64_t>(reduce_all<MeanAccumulator>(
            tensor<uint64_t>(ElementType::UInt64, {2}, {UINT64_MAX, UINT64_MAX})))[0] == UINT64_MAX);
  CHECK_THROWS_AS(
      reduce_tensor(tensor<int32_t>(ElementType::Int32, {0}, {}), V{0}, false, row_kernel<MeanAccumulator>()), Error);
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
  CHECK(values_of<float>(tensor_of(run("ReduceL1", 18, {Value(floats({2}, {-1, 2}))}, noop))) ==
        std::vector<float>{1, 2});
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
