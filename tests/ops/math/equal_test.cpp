// Unit tests of ops/math/equal.cpp.
#include "helpers/math_ops.h"

TEST_CASE("Equal Less Greater: every int8 pair, NaN, signed zeros, small floats") {
  const auto [a, b] = all_int8_pairs();
  const auto xs = values<int8_t>(a), ys = values<int8_t>(b);
  const auto eq = bools(run_op("Equal", 11, {a, b}));
  const auto lt = bools(run_op("Less", 9, {a, b}));
  const auto gt = bools(run_op("Greater", 13, {a, b}));
  size_t bad = 0;
  for (size_t i = 0; i < xs.size(); ++i)
    bad += eq[i] != (xs[i] == ys[i]) || lt[i] != (xs[i] < ys[i]) || gt[i] != (xs[i] > ys[i]);
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
  CHECK(bools(run_op("Less", 13,
                     {vec<uint64_t>(T::UInt64, {0, ~uint64_t{0}}), vec<uint64_t>(T::UInt64, {~uint64_t{0}, 0})})) ==
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
