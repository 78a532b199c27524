// Unit tests of ops/reduce/reduce_l1.cpp.
#include <doctest/doctest.h>
#include "helpers/reductions.h"

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
    CHECK(values_of<float>(reduce_all<L1Accumulator>(tf))[0] ==
          static_cast<float>(round_rational(abs24, __int128{1} << 10, 24)));
    CHECK(values_of<float>(reduce_all<SumSquareAccumulator>(tf))[0] ==
          static_cast<float>(round_rational(sq24, __int128{1} << 20, 24)));
    CHECK(values_of<double>(reduce_all<SumSquareAccumulator>(doubles({n}, d)))[0] ==
          round_rational(sq26, __int128{1} << 60, 53));
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
  CHECK(values_of<int32_t>(reduce_all<SumSquareAccumulator>(tensor<int32_t>(ElementType::Int32, {1}, {65536})))[0] ==
        0);
  CHECK(values_of<float>(reduce_tensor(floats({0, 3}, {}), V{0}, false, row_kernel<L1Accumulator>())) ==
        std::vector<float>(3, 0.0f));
}

// The rules of the ONNX 1.22.0 text, each test citing its sentence.
// spec: ReduceL1-18: "composite-reduction operators will still perform the non-reduction steps"
TEST_CASE("ReduceL1-18: noop_with_empty_axes = 1 without axes gives |x| for each element, not x") {
  const Tensor x = Tensor::from_values<float>(ElementType::Float, {3}, {-2, 3, -0.5f});
  const Tensor y =
      testing::OpTester("ReduceL1", 18).input(Value(x)).attribute("noop_with_empty_axes", int64_t{1}).run_tensor();
  REQUIRE(y.shape() == Shape{3});
  const std::vector<float> expected{2, 3, 0.5};
  for (size_t i = 0; i < 3; ++i) CHECK(y.data_as<float>()[i] == expected[i]);
  // With axes given, it reduces as usual.
  const Tensor all = testing::OpTester("ReduceL1", 18)
                         .input(Value(x))
                         .input(Value(Tensor::from_values<int64_t>(ElementType::Int64, {1}, {0})))
                         .attribute("keepdims", int64_t{0})
                         .run_tensor();
  CHECK(all.shape() == Shape{});
}
