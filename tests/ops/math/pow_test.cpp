// Unit tests of ops/math/pow.cpp.
#include "helpers/transcendental_ops.h"

TEST_CASE("Pow: float bases, mixed exponent types, special values") {
  CHECK(values<float>(run_op("Pow", 15,
                             {vec<float>(T::Float, {2.0f, 0.0f, -8.0f, 4097.0f, 9.0f}),
                              vec<float>(T::Float, {10.0f, 0.0f, 1.0f / 3.0f, 2.0f, 0.5f})}))
            .size() == 5);
  const auto y = values<float>(run_op("Pow", 15,
                                      {vec<float>(T::Float, {2.0f, 0.0f, -8.0f, 4097.0f, 9.0f}),
                                       vec<float>(T::Float, {10.0f, 0.0f, 1.0f / 3.0f, 2.0f, 0.5f})}));
  CHECK(y[0] == 1024.0f);
  CHECK(y[1] == 1.0f);         // 0^0 = 1
  CHECK(std::isnan(y[2]));     // negative base, non-integer exponent
  CHECK(y[3] == 16785408.0f);  // 4097^2 = 2^24 + 8193, a tie: to the even neighbour
  CHECK(y[4] == 3.0f);
  // int64 exponent with a float base, broadcast from a scalar.
  const Tensor e = Tensor::from_values<int64_t>(T::Int64, {}, {-2});
  CHECK(values<float>(run_op("Pow", 12, {vec<float>(T::Float, {2.0f, -4.0f}), e})) ==
        std::vector<float>{0.25f, 0.0625f});
  // An int64 exponent beyond 2^53 keeps its parity: (-1)^(2^60 + 1) = -1.
  const Tensor big = Tensor::from_values<int64_t>(T::Int64, {}, {(int64_t{1} << 60) + 1});
  CHECK(values<float>(run_op("Pow", 12, {vec<float>(T::Float, {-1.0f, 1.5f, 0.5f}), big})) ==
        std::vector<float>{-1.0f, INFINITY, 0.0f});
  CHECK_THROWS_WITH_AS(run_op("Pow", 12, {vec<double>(T::Double, {1.0}), big}), doctest::Contains("beyond 2^53"),
                       Error);
}

TEST_CASE("Pow: integer bases wrap; negative exponents truncate; 0 to a negative power is refused") {
  const auto y = values<int32_t>(run_op(
      "Pow", 15,
      {vec<int32_t>(T::Int32, {3, 2, -2, 1, -1, -1, 5, 7}), vec<int32_t>(T::Int32, {4, 31, 31, -5, -3, -4, -1, 0})}));
  // 2^31 wraps to INT32_MIN; (-2)^31 is INT32_MIN exactly.
  CHECK(y == std::vector<int32_t>{81, INT32_MIN, INT32_MIN, 1, -1, 1, 0, 1});
  CHECK(values<int64_t>(run_op("Pow", 15, {vec<int64_t>(T::Int64, {3}), vec<int64_t>(T::Int64, {41})}))[0] ==
        int64_t{-420491770248316829});  // 3^41 mod 2^64, read as a signed int64
  // Integer base, float exponent: integral exponents as integers, others truncated toward zero.
  CHECK(values<int32_t>(
            run_op("Pow", 15, {vec<int32_t>(T::Int32, {1, 2, 3, 10}), vec<float>(T::Float, {4, 5, 6, 0.5f})})) ==
        std::vector<int32_t>{1, 32, 729, 3});
  CHECK_THROWS_WITH_AS(run_op("Pow", 15, {vec<int32_t>(T::Int32, {1, 0}), vec<int32_t>(T::Int32, {-1, -1})}),
                       doctest::Contains("0 raised to a negative power has no integer value (output element 1)"),
                       Error);
  CHECK_THROWS_WITH_AS(run_op("Pow", 15, {vec<int32_t>(T::Int32, {-4}), vec<float>(T::Float, {0.5f})}),
                       doctest::Contains("NaN or outside"), Error);
}

TEST_CASE("Pow-13: bfloat16 base, float exponent") {
  // 3^0.5 = 1.7320508... rounds to bfloat16 0x3fde (1.734375); 2^-3 = 0.125 is 0x3e00.
  const auto y = values<uint16_t>(
      run_op("Pow", 13, {vec<uint16_t>(T::BFloat16, {0x4040, 0x4000}), vec<float>(T::Float, {0.5f, -3.0f})}));
  CHECK(y == std::vector<uint16_t>{0x3fde, 0x3e00});
}

TEST_CASE("Pow-1: legacy broadcast of Y to X's shape") {
  ModelBuilder b(1);
  b.input("x", T::Float, {2, 3}).input("e", T::Float, {3}).output("y");
  auto& node = b.node("Pow", {"x", "e"}, {"y"});
  set_int(node, "broadcast", 1);
  std::map<std::string, Value> feeds;
  feeds.emplace("x", Tensor::from_values<float>(T::Float, {2, 3}, {1, 2, 3, 4, 5, 6}));
  feeds.emplace("e", Tensor::from_values<float>(T::Float, {3}, {2, 1, 0}));
  const auto out = b.build().run(feeds);
  CHECK(values<float>(out[0].second.tensor()) == std::vector<float>{1, 2, 1, 16, 5, 1});
}
