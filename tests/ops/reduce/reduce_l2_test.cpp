// Unit tests of ops/reduce/reduce_l2.cpp.
#include <doctest/doctest.h>
#include "helpers/softmax.h"

TEST_CASE("ReduceL2: the square root of the exact sum of squares, rounded once (MPFR oracle)") {
  std::mt19937_64 rng(2718);
  auto oracle_l2 = [](const std::vector<double>& x, numeric::Format format) {
    mpfr_t s, t;
    mpfr_inits2(300, s, t, static_cast<mpfr_ptr>(nullptr));  // squares of <= 26-bit values: exact
    mpfr_set_zero(s, 1);
    for (double v : x) {
      mpfr_set_d(t, v, MPFR_RNDN);
      mpfr_sqr(t, t, MPFR_RNDN);
      mpfr_add(s, s, t, MPFR_RNDN);
    }
    const int ternary = mpfr_sqrt(s, s, MPFR_RNDN);
    const double out = oracle::round_ieee(s, ternary, format);
    mpfr_clears(s, t, static_cast<mpfr_ptr>(nullptr));
    return out;
  };
  auto l2 = [](const Tensor& t) { return run("ReduceL2", 18, t)[0].tensor(); };
  for (int trial = 0; trial < 300; ++trial) {
    const int64_t n = 1 + static_cast<int64_t>(rng() % 40);
    std::vector<float> f;
    std::vector<double> fd, d;
    std::vector<uint16_t> h;
    std::vector<double> hd;
    for (int64_t i = 0; i < n; ++i) {
      f.push_back(std::ldexp(static_cast<float>(static_cast<int64_t>(rng() % (1 << 24)) - (1 << 23)), -12));
      fd.push_back(f.back());
      d.push_back(std::ldexp(static_cast<double>(static_cast<int64_t>(rng() % (1 << 26)) - (1 << 25)), -30));
      const double hv = std::ldexp(static_cast<double>(static_cast<int64_t>(rng() % 2048) - 1024), -6);
      h.push_back(static_cast<uint16_t>(encode_small_float(ElementType::Float16, hv)));
      hd.push_back(hv);
    }
    CHECK(outputs<float>(l2(Tensor::from_values<float>(ElementType::Float, {n}, f)))[0] ==
          oracle_l2(fd, numeric::Format::Float));
    CHECK(outputs<double>(l2(Tensor::from_values<double>(ElementType::Double, {n}, d)))[0] ==
          oracle_l2(d, numeric::Format::Double));
    CHECK(outputs<Float16Bits>(l2(Tensor::from_values<uint16_t>(ElementType::Float16, {n}, h)))[0] ==
          oracle_l2(hd, numeric::Format::Float16));
  }
  // Exact cases, specials, huge doubles, integers (floor of the exact root, truncated to the width).
  CHECK(outputs<float>(l2(Tensor::from_values<float>(ElementType::Float, {2}, std::vector<float>{3, -4})))[0] == 5);
  CHECK(outputs<float>(l2(Tensor::from_values<float>(ElementType::Float, {2}, std::vector<float>{NAN, INFINITY})))[0] !=
        0);
  CHECK(std::isinf(
      outputs<float>(l2(Tensor::from_values<float>(ElementType::Float, {2}, std::vector<float>{1, -INFINITY})))[0]));
  const double big = 1e300;
  CHECK(outputs<double>(l2(Tensor::from_values<double>(ElementType::Double, {2}, std::vector<double>{big, big})))[0] ==
        doctest::Approx(big * std::sqrt(2.0)).epsilon(1e-15));
  CHECK(outputs<float>(l2(Tensor::from_values<float>(ElementType::Float, {0}, std::vector<float>{})))[0] == 0);
  const Tensor i = Tensor::from_values<int32_t>(ElementType::Int32, {2}, std::vector<int32_t>{2, -2});
  CHECK(l2(i).data_as<int32_t>()[0] == 2);
  const Tensor u =
      Tensor::from_values<uint64_t>(ElementType::UInt64, {2}, std::vector<uint64_t>{1ull << 32, 1ull << 32});
  CHECK(l2(u).data_as<uint64_t>()[0] == 6074000999ull);  // floor(sqrt(2^65)), by Python's math.isqrt
  const Tensor huge =
      Tensor::from_values<uint64_t>(ElementType::UInt64, {2}, std::vector<uint64_t>{UINT64_MAX, UINT64_MAX});
  CHECK_THROWS_WITH_AS(l2(huge), "ReduceL2: the exact sum of squares exceeds 2^128", Error);
}

// spec: ReduceL2-18: "composite-reduction operators will still perform the non-reduction steps"
TEST_CASE("ReduceL2-18: noop_with_empty_axes = 1 without axes gives sqrt(x * x) for each element, not x") {
  const Tensor x = Tensor::from_values<float>(ElementType::Float, {3}, {-2, 3, -0.5f});
  testing::OpTester noop("ReduceL2", 18);
  noop.input(Value(x)).attribute("noop_with_empty_axes", int64_t{1});
  const Tensor y = noop.run_tensor();
  REQUIRE(y.shape() == Shape{3});
  const std::vector<float> expected{2, 3, 0.5};
  for (size_t i = 0; i < 3; ++i) CHECK(y.data_as<float>()[i] == expected[i]);
  // With axes given, it reduces as usual.
  testing::OpTester all("ReduceL2", 18);
  all.input(Value(x))
      .input(Value(Tensor::from_values<int64_t>(ElementType::Int64, {1}, std::vector<int64_t>{0})))
      .attribute("keepdims", int64_t{0});
  CHECK(all.run_tensor().shape() == Shape{});
}
