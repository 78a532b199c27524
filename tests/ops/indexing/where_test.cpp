// Unit tests of ops/indexing/where.cpp.
#include "helpers/layout_ops.h"

TEST_CASE("Where: output shape is the three-way broadcast") {
  CHECK(where_output_shape({2, 1}, {1, 3}, {}) == Shape{2, 3});
  CHECK(where_output_shape({}, {}, {}) == Shape{});
  CHECK(where_output_shape({4, 1, 1}, {3, 1}, {2}) == Shape{4, 3, 2});
  CHECK(where_output_shape({0}, {1}, {1}) == Shape{0});
  CHECK_THROWS_WITH_AS(where_output_shape({2}, {3}, {1}), "shapes [2] and [3] cannot be broadcast (dimension 2 vs 3)",
                       Error);
  CHECK_THROWS_WITH_AS(where_output_shape({4294967296, 1}, {1, 4294967296}, {}),
                       "condition [4294967296, 1], X [1, 4294967296] and Y [] broadcast to [4294967296, 4294967296], "
                       "whose element count overflows int64",
                       Error);
  CHECK_THROWS_WITH_AS(where_output_shape({1}, {3}, {2, 4}),
                       "shapes [3] and [2, 4] cannot be broadcast (dimension 3 vs 4)", Error);
}

TEST_CASE("Where: a float example by hand") {
  const Tensor c = bools({2, 2}, {1, 0, 1, 1});
  const Tensor y = where(c, floats({2, 2}, {1, 2, 3, 4}), floats({2, 2}, {9, 8, 7, 6}));
  CHECK(float_values(y) == std::vector<float>{1, 8, 3, 4});
  // Broadcast: condition [2, 1], X scalar, Y [3].
  const Tensor z = where(bools({2, 1}, {0, 1}), floats({}, {5}), floats({3}, {1, 2, 3}));
  CHECK(z.shape() == Shape{2, 3});
  CHECK(float_values(z) == std::vector<float>{1, 2, 3, 5, 5, 5});
}

TEST_CASE("Where: kernels match the reference, every width, every broadcast pattern") {
  const Shape shapes[][3] = {{{2, 3}, {2, 3}, {2, 3}}, {{2, 1}, {1, 3}, {}},     {{3}, {2, 3}, {1}}, {{}, {2, 3}, {3}},
                             {{1, 5}, {4, 1}, {4, 5}}, {{2, 1, 7}, {7}, {3, 1}}, {{0, 3}, {3}, {}},  {{9}, {1}, {9}}};
  for (ElementType type : kEveryWidth) {
    CAPTURE(name_of(type));
    for (const auto& s : shapes) {
      CAPTURE(shape_to_string(s[0]));
      Tensor c = Tensor::zeros(T::Bool, s[0]);
      std::mt19937 rng(7);
      for (int64_t i = 0; i < c.element_count(); ++i) c.mutable_data()[i] = static_cast<std::byte>(rng() % 2);
      const Tensor x = patterned(type, s[1], 2), y = patterned(type, s[2], 3);
      const Shape out = where_output_shape(s[0], s[1], s[2]);
      Tensor want = Tensor::zeros(type, out);
      for_each_index(out, [&](const std::vector<int64_t>& idx, int64_t flat) {
        const int64_t ci = broadcast_source(s[0], out, idx);
        if (c.data_as<uint8_t>()[ci])
          copy_elements(x, broadcast_source(s[1], out, idx), want, flat, 1);
        else
          copy_elements(y, broadcast_source(s[2], out, idx), want, flat, 1);
      });
      CHECK(where(c, x, y).identical_to(want));
    }
  }
}

TEST_CASE("Where: strings, int4 and complex128 by hand") {
  const Tensor c = bools({3}, {1, 0, 1});
  const Tensor s = where(c, Tensor::from_strings({3}, {"a", "b", "c"}), Tensor::from_strings({}, {"-"}));
  CHECK(s.strings() == std::vector<std::string>{"a", "-", "c"});
  Tensor x4 = Tensor::zeros(T::Int4, {3});
  Tensor y4 = Tensor::zeros(T::Int4, {3});
  const uint8_t xb[] = {0x21, 0x03}, yb[] = {0xEF, 0x0D};  // x = 1 2 3, y = -1 -2 -3
  std::memcpy(x4.mutable_data(), xb, 2);
  std::memcpy(y4.mutable_data(), yb, 2);
  const Tensor r4 = where(c, x4, y4);  // 1 -2 3
  const uint8_t want[] = {0xE1, 0x03};
  CHECK(std::memcmp(r4.data(), want, 2) == 0);
  const Tensor cx = Tensor::from_values<std::complex<double>>(T::Complex128, {3}, {{1, 1}, {2, 2}, {3, 3}});
  const Tensor cy = Tensor::from_values<std::complex<double>>(T::Complex128, {}, {{0, -1}});
  const Tensor rc = where(c, cx, cy);
  CHECK(rc.data_as<std::complex<double>>()[1] == std::complex<double>(0, -1));
  CHECK(rc.data_as<std::complex<double>>()[2] == std::complex<double>(3, 3));
}
