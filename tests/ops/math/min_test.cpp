// Unit tests of ops/math/min.cpp.
#include "helpers/math_ops.h"

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
  CHECK(values<uint64_t>(
            run_op("Max", 12, {vec<uint64_t>(T::UInt64, {0, ~uint64_t{0}}), vec<uint64_t>(T::UInt64, {5, 1})})) ==
        std::vector<uint64_t>{5, ~uint64_t{0}});
  CHECK(values<int8_t>(run_op("Min", 12,
                              {vec<int8_t>(T::Int8, {-128, 127}), vec<int8_t>(T::Int8, {0, -1}),
                               make<int8_t>(T::Int8, {}, {-5})})) == std::vector<int8_t>{-128, -5});
  CHECK_THROWS_WITH_AS(
      run_op("Max", 8, {a, b, vec<float>(T::Float, {1, 2})}),
      doctest::Contains("node 'n' (#0, Max-8): shapes [3] and [2] cannot be broadcast (dimension 3 vs 2)"), Error);
  CHECK_THROWS_WITH_AS(run_op("Max", 8, {vec<int32_t>(T::Int32, {1})}), doctest::Contains("Max-8"), Error);
}

TEST_CASE("Min Max: versions 1 and 6 need equal shapes") {
  const Tensor a = vec<float>(T::Float, {1, 2});
  CHECK(values<float>(run_op("Max", 6, {a, vec<float>(T::Float, {0, 3}), vec<float>(T::Float, {-1, 2.5})})) ==
        std::vector<float>{1, 3});
  CHECK_THROWS_WITH_AS(
      run_op("Min", 6, {a, a, make<float>(T::Float, {}, {1})}),
      doctest::Contains("input 2 has shape [] but input 0 has [2]; this version does not broadcast, the shapes "
                        "must be equal"),
      Error);
  CHECK_THROWS_WITH_AS(run_op("Max", 1, {a, make<float>(T::Float, {2, 1}, {1, 1})}),
                       doctest::Contains("input 1 has shape [2, 1]"), Error);
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
  const auto h =
      values<uint16_t>(run_op("Max", 8,
                              {vec<uint16_t>(T::Float16, {0x3c00, 0x3c00}), vec<uint16_t>(T::Float16, {0x7e00, 0x4000}),
                               vec<uint16_t>(T::Float16, {0x4400, 0x7e01})}));
  CHECK(h == std::vector<uint16_t>{0x7e00, 0x7e01});
  CHECK(values<uint16_t>(run_op(
            "Min", 13, {vec<uint16_t>(T::BFloat16, {0x0000, 0x3f80}), vec<uint16_t>(T::BFloat16, {0x8000, 0xbf80})})) ==
        std::vector<uint16_t>{0x8000, 0xbf80});
}
