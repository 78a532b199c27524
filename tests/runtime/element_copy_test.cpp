// Unit tests: runtime element copy.
#include "helpers/framework.h"

TEST_CASE("element copies move every element type bit for bit") {
  for (const auto& ti : all_element_types()) {
    const ElementType type = ti.type;
    CAPTURE(name_of(type));
    if (type == T::String) continue;
    // Every byte pattern survives: fill the source with distinct bytes, not values.
    Tensor src = Tensor::zeros(type, {3, 5});
    if (!is_sub_byte(type)) {
      auto* p = src.mutable_data();
      for (size_t i = 0; i < src.bytes().size(); ++i) p[i] = static_cast<std::byte>(i * 37 + 11);
    } else {
      src = iota(type, {3, 5});
    }
    // Rows in reverse order, one run each.
    Tensor dst = Tensor::uninitialized(type, {3, 5});
    for (int64_t r = 0; r < 3; ++r) copy_elements(src, r * 5, dst, (2 - r) * 5, 5);
    for (int64_t r = 0; r < 3; ++r)
      for (int64_t c = 0; c < 5; ++c) CHECK(elem(dst, (2 - r) * 5 + c) == elem(src, r * 5 + c));
    // Column 1 gathered with stride 5, and element 7 filled.
    Tensor col = Tensor::uninitialized(type, {3});
    gather_strided(src, 1, 5, col, 0, 3);
    for (int64_t r = 0; r < 3; ++r) CHECK(elem(col, r) == elem(src, r * 5 + 1));
    const Tensor filled = filled_tensor(src, 7, {9});
    for (int64_t i = 0; i < 9; ++i) CHECK(elem(filled, i) == elem(src, 7));
    if (is_sub_byte(type)) {  // unused high bits of the last byte stay zero
      const auto last = static_cast<unsigned>(filled.bytes().back());
      const int used = static_cast<int>((9 * bits_of(type)) % 8);
      if (used) CHECK((last >> used) == 0u);
    }
  }
}

TEST_CASE("element copies of packed types at every alignment") {
  for (ElementType type : {T::Int4, T::UInt4, T::Int2, T::UInt2, T::Float4E2M1}) {
    CAPTURE(name_of(type));
    const Tensor src = iota(type, {23});
    for (int64_t from = 0; from < 8; ++from)
      for (int64_t to = 0; to < 8; ++to)
        for (int64_t n : {0, 1, 3, 8, 13}) {
          Tensor dst = Tensor::zeros(type, {23});
          copy_elements(src, from, dst, to, n);
          for (int64_t i = 0; i < 23; ++i) {
            const uint64_t want = i >= to && i < to + n ? read_bits(type, src.data(), from + i - to) : 0;
            REQUIRE(read_bits(type, dst.data(), i) == want);
          }
        }
  }
}

TEST_CASE("element copies of strings and int64 beyond 2^53") {
  const Tensor s = Tensor::from_strings({3}, {"a", std::string("b\0c", 3), "\xff"});
  Tensor d = Tensor::zeros(T::String, {4});
  copy_elements(s, 1, d, 0, 2);
  fill_elements(s, 0, d, 2, 2);
  CHECK(d.strings() == std::vector<std::string>{std::string("b\0c", 3), "\xff", "a", "a"});
  Tensor g = Tensor::zeros(T::String, {2});
  gather_strided(s, 0, 2, g, 0, 2);
  CHECK(g.strings() == std::vector<std::string>{"a", "\xff"});

  const int64_t big = (int64_t{1} << 53) + 1;
  const Tensor i64 = Tensor::from_values<int64_t>(T::Int64, {2}, {big, INT64_MIN});
  const Tensor f = filled_tensor(i64, 0, {1000});
  for (int64_t i = 0; i < 1000; ++i) REQUIRE(f.data_as<int64_t>()[i] == big);
  Tensor c = Tensor::uninitialized(T::Int64, {2});
  gather_strided(i64, 1, -1, c, 0, 2);
  CHECK(c.data_as<int64_t>()[0] == INT64_MIN);
  CHECK(c.data_as<int64_t>()[1] == big);
}
