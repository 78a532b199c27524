// Unit tests of ops/indexing/compress.cpp.
#include "helpers/indexing_rules.h"
#include "helpers/layout_ops.h"

TEST_CASE("Compress: every axis of ranks 0 to 4, in range and out of range, both versions") {
  for (int64_t rank = 0; rank <= 4; ++rank) {
    for (int64_t axis = -rank - 2; axis <= rank + 1; ++axis) {
      CAPTURE(rank);
      CAPTURE(axis);
      if (axis >= 0 && axis < rank) {
        CHECK(compress_axis(axis, rank, false) == axis);
        CHECK(compress_axis(axis, rank, true) == axis);
      } else if (axis < 0 && axis >= -rank) {
        CHECK_THROWS_AS(compress_axis(axis, rank, false), Error);
        CHECK(compress_axis(axis, rank, true) == axis + rank);
      } else {
        CHECK_THROWS_AS(compress_axis(axis, rank, false), Error);
        CHECK_THROWS_AS(compress_axis(axis, rank, true), Error);
      }
    }
    for (int64_t extreme : {kMin, kMax}) {
      CHECK_THROWS_AS(compress_axis(extreme, rank, true), Error);
      CHECK_THROWS_AS(compress_axis(extreme, rank, false), Error);
    }
  }
}

TEST_CASE("Compress: error messages") {
  CHECK_THROWS_WITH_AS(compress_axis(2, 2, true), "axis = 2 is out of range for rank 2 (valid: -2 to 1)", Error);
  CHECK_THROWS_WITH_AS(compress_axis(-1, 2, false), "axis = -1 is out of range for rank 2 (valid: 0 to 1)", Error);
  CHECK_THROWS_WITH_AS(compress_axis(kMin, 3, true),
                       "axis = -9223372036854775808 is out of range for rank 3 (valid: -3 to 2)", Error);
  CHECK_THROWS_WITH_AS(compress_axis(0, 0, true), "axis = 0 is out of range: the input is a scalar, which has no axis",
                       Error);
  CHECK_THROWS_WITH_AS(check_condition_length(4, 3, 1),
                       "condition has 4 entries but axis 1 has size 3; it may be shorter, not longer", Error);
  CHECK_THROWS_WITH_AS(check_condition_length(7, 6, std::nullopt),
                       "condition has 7 entries but the input has 6 elements (no axis: the input is flattened); it may "
                       "be shorter, not longer",
                       Error);
  CHECK_NOTHROW(check_condition_length(0, 3, 0));
  CHECK_NOTHROW(check_condition_length(3, 3, 0));
  CHECK_THROWS_WITH_AS(compress(floats({2}, {1, 2}), bools({1, 1}, {1}), 0),
                       "condition must be 1-D, but it is bool[1, 1]", Error);
  CHECK_THROWS_WITH_AS(compress(floats({2}, {1, 2}), bools({}, {1}), std::nullopt),
                       "condition must be 1-D, but it is bool[]", Error);
}

TEST_CASE("Compress: selections by hand") {
  const Tensor x = floats({3, 2}, {1, 2, 3, 4, 5, 6});
  // numpy: np.compress([0, 1, 1], x, axis=0) = [[3, 4], [5, 6]]
  Tensor y = compress(x, bools({3}, {0, 1, 1}), 0);
  CHECK(y.shape() == Shape{2, 2});
  CHECK(float_values(y) == std::vector<float>{3, 4, 5, 6});
  y = compress(x, bools({2}, {0, 1}), 1);  // [[2], [4], [6]]
  CHECK(y.shape() == Shape{3, 1});
  CHECK(float_values(y) == std::vector<float>{2, 4, 6});
  y = compress(x, bools({1}, {1}), 0);  // shorter condition: the rest is left out
  CHECK(float_values(y) == std::vector<float>{1, 2});
  y = compress(x, bools({5}, {0, 1, 0, 0, 1}), std::nullopt);  // flattened
  CHECK(y.shape() == Shape{2});
  CHECK(float_values(y) == std::vector<float>{2, 5});
  y = compress(x, bools({0}, {}), 1);
  CHECK(y.shape() == Shape{3, 0});
  y = compress(floats({}, {7}), bools({1}, {1}), std::nullopt);  // a scalar flattens to one element
  CHECK(float_values(y) == std::vector<float>{7});
  y = compress(floats({0, 2}, {}), bools({2}, {1, 1}), 1);
  CHECK(y.shape() == Shape{0, 2});
}

TEST_CASE("Compress: strings, int4 and complex128") {
  const Tensor s = compress(Tensor::from_strings({2, 2}, {"a", "b", "c", "d"}), bools({2}, {0, 1}), 1);
  CHECK(s.strings() == std::vector<std::string>{"b", "d"});
  Tensor x4 = Tensor::zeros(T::Int4, {5});
  const uint8_t xb[] = {0x21, 0x43, 0x05};  // 1 2 3 4 5
  std::memcpy(x4.mutable_data(), xb, 3);
  const Tensor r4 = compress(x4, bools({5}, {0, 1, 1, 0, 1}), 0);  // 2 3 5
  const uint8_t want[] = {0x32, 0x05};
  CHECK(r4.shape() == Shape{3});
  CHECK(std::memcmp(r4.data(), want, 2) == 0);
  const Tensor c = Tensor::from_values<std::complex<double>>(T::Complex128, {3}, {{1, 1}, {2, 2}, {3, 3}});
  const Tensor rc = compress(c, bools({3}, {1, 0, 1}), std::nullopt);
  CHECK(rc.data_as<std::complex<double>>()[1] == std::complex<double>(3, 3));
}

TEST_CASE("Compress: kernels match numpy.compress semantics on random conditions, every width") {
  std::mt19937 rng(11);
  for (ElementType type : kEveryWidth) {
    CAPTURE(name_of(type));
    const Shape shape{3, 4, 5};
    const Tensor x = patterned(type, shape);
    for (int64_t axis = 0; axis < 3; ++axis) {
      const int64_t len = shape[static_cast<size_t>(axis)] - static_cast<int64_t>(rng() % 2);
      Tensor c = Tensor::zeros(T::Bool, {len});
      for (int64_t i = 0; i < len; ++i) c.mutable_data()[i] = static_cast<std::byte>(rng() % 2);
      const Tensor got = compress(x, c, axis);
      std::vector<int64_t> kept;
      for (int64_t i = 0; i < len; ++i)
        if (c.data_as<uint8_t>()[i]) kept.push_back(i);
      Shape out = shape;
      out[static_cast<size_t>(axis)] = static_cast<int64_t>(kept.size());
      Tensor want = Tensor::zeros(type, out);
      const auto st = row_major_strides(shape);
      for_each_index(out, [&](const std::vector<int64_t>& idx, int64_t flat) {
        int64_t src = 0;
        for (size_t d = 0; d < 3; ++d)
          src += (d == static_cast<size_t>(axis) ? kept[static_cast<size_t>(idx[d])] : idx[d]) * st[d];
        copy_elements(x, src, want, flat, 1);
      });
      CHECK(got.identical_to(want));
    }
  }
}

namespace indexing_rules_tests {

// spec: Compress-11: "Accepted range is [-r, r-1] where r = rank(input)."
TEST_CASE("Compress-11: a negative axis counts from the back; others out of range are refused") {
  const Tensor keep = Tensor::from_values<uint8_t>(T::Bool, {3}, {1, 0, 1});
  CHECK(floats(run("Compress", 11, {kData(), keep}, axis(-1))) == std::vector<float>{1, 3, 4, 6});
  CHECK_THROWS_AS(run("Compress", 11, {kData(), keep}, axis(2)), Error);
  CHECK_THROWS_AS(run("Compress", 11, {kData(), keep}, axis(-3)), Error);
}

}  // namespace indexing_rules_tests
