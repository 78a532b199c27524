// Unit tests of ops/generators/generator_rules.cpp.
#include "helpers/generators.h"

TEST_CASE("constant_value_attribute: exactly one must be set") {
  Attributes a;
  CHECK_THROWS_WITH_AS(constant_value_attribute(a, kAll),
                       "exactly one of the attributes sparse_value, value, value_float, value_floats, value_int, value_ints, "
                       "value_string, value_strings must be set, but none is",
                       Error);
  a.set("value_int", int64_t{3});
  CHECK(constant_value_attribute(a, kAll) == "value_int");
  a.set("value_string", std::string("s"));
  CHECK_THROWS_WITH_AS(constant_value_attribute(a, kAll), doctest::Contains("must be set, but 2 are: value_int, value_string"), Error);
}

TEST_CASE("constant_value: each attribute kind, its type and shape") {
  Attributes a;
  a.set("value_float", 2.5f);
  a.set("value_floats", std::vector<float>{1, 2});
  a.set("value_int", kMin);
  a.set("value_ints", std::vector<int64_t>{});
  a.set("value_string", std::string("abc"));
  a.set("value_strings", std::vector<std::string>{"x", ""});
  const Tensor t = Tensor::from_values<int32_t>(T::Int32, {1}, {7});
  a.set("value", t);
  CHECK(constant_value(a, "value_float").identical_to(Tensor::from_values<float>(T::Float, {}, {2.5f})));
  CHECK(constant_value(a, "value_floats").identical_to(Tensor::from_values<float>(T::Float, {2}, {1, 2})));
  CHECK(constant_value(a, "value_int").identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {kMin})));
  CHECK(constant_value(a, "value_ints").identical_to(Tensor::zeros(T::Int64, {0})));
  CHECK(constant_value(a, "value_string").identical_to(Tensor::from_strings({}, {"abc"})));
  CHECK(constant_value(a, "value_strings").identical_to(Tensor::from_strings({2}, {"x", ""})));
  CHECK(constant_value(a, "value").shares_storage_with(t));
  CHECK(constant_value_type(a, "value") == T::Int32);
  CHECK(constant_value_type(a, "value_floats") == T::Float);
  CHECK(constant_value_type(a, "value_int") == T::Int64);
  CHECK(constant_value_type(a, "value_strings") == T::String);
}

TEST_CASE("constant_of_shape_output_shape: non-negative, no overflow") {
  CHECK(constant_of_shape_output_shape(std::vector<int64_t>{}) == Shape{});
  CHECK(constant_of_shape_output_shape(std::vector<int64_t>{2, 0, 3}) == Shape{2, 0, 3});
  CHECK(constant_of_shape_output_shape(std::vector<int64_t>{kMax}) == Shape{kMax});  // refused later, by memory
  CHECK_THROWS_WITH_AS(constant_of_shape_output_shape(std::vector<int64_t>{2, -1}),
                       "shape[1] = -1 is negative; dimensions must be non-negative", Error);
  CHECK_THROWS_WITH_AS(constant_of_shape_output_shape(std::vector<int64_t>{kMin}),
                       "shape[0] = -9223372036854775808 is negative; dimensions must be non-negative", Error);
  CHECK_THROWS_WITH_AS(constant_of_shape_output_shape(std::vector<int64_t>{4294967296, 4294967296}),
                       "the product of shape [4294967296, 4294967296] overflows int64", Error);
  // A zero does not excuse an overflow elsewhere? It does: the product is 0, there is nothing to hold.
  CHECK(constant_of_shape_output_shape(std::vector<int64_t>{0, kMax, kMax}) == Shape{0, kMax, kMax});
}

TEST_CASE("eye_like_diagonal: every offset on small matrices, and INT64 extremes") {
  for (int64_t rows = 0; rows <= 4; ++rows)
    for (int64_t cols = 0; cols <= 4; ++cols)
      for (int64_t k = -6; k <= 6; ++k) {
        CAPTURE(rows);
        CAPTURE(cols);
        CAPTURE(k);
        // Brute force: every (r, r + k) inside the matrix.
        int64_t first = -1, count = 0;
        for (int64_t r = 0; r < rows; ++r)
          if (r + k >= 0 && r + k < cols) {
            if (first < 0) first = r;
            ++count;
          }
        const Diagonal d = eye_like_diagonal(rows, cols, k);
        CHECK(d.count == count);
        if (count) CHECK(d.first_row == first);
      }
  CHECK(eye_like_diagonal(3, 3, kMin).count == 0);
  CHECK(eye_like_diagonal(3, 3, kMax).count == 0);
  CHECK(eye_like_diagonal(kMax, kMax, kMin + 1).count == 0);
  const Diagonal far = eye_like_diagonal(kMax, 2, kMin + 2);  // only row INT64_MAX - 1 reaches column 0
  CHECK(far.first_row == kMax - 1);
  CHECK(far.count == 1);
  const Diagonal wide = eye_like_diagonal(2, kMax, kMax - 1);  // only row 0 reaches the last column
  CHECK(wide.first_row == 0);
  CHECK(wide.count == 1);
}

TEST_CASE("eye_like_dtype: a defined element type code") {
  CHECK(eye_like_dtype(1) == T::Float);
  CHECK(eye_like_dtype(16) == T::BFloat16);
  CHECK_THROWS_WITH_AS(eye_like_dtype(0), "attribute 'dtype' = 0 is not a defined element type", Error);
  CHECK_THROWS_WITH_AS(eye_like_dtype(99), "attribute 'dtype' = 99 is not a defined element type", Error);
  CHECK_THROWS_WITH_AS(eye_like_dtype(kMax), "attribute 'dtype' = 9223372036854775807 is not a defined element type", Error);
  CHECK_THROWS_AS(eye_like_dtype(kMin), Error);
  CHECK_THROWS_AS(eye_like_dtype(int64_t{1} << 32 | 1), Error);  // would truncate to 1
}
