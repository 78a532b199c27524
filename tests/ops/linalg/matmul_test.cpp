// Unit tests of ops/linalg/matmul.cpp.
#include "helpers/gemm.h"

TEST_CASE("MatMul: numpy.matmul shapes, batch broadcasting, vectors") {
  // [2, 1, 2, 3] x [3, 3, 1]: batch [2, 3], each 2x3 times 3x1.
  std::vector<float> a(12), b(9);
  for (int i = 0; i < 12; ++i) a[static_cast<size_t>(i)] = static_cast<float>(i);
  for (int i = 0; i < 9; ++i) b[static_cast<size_t>(i)] = static_cast<float>(i % 4 - 1);
  const Tensor y = run_op("MatMul", 13, {make(T::Float, {2, 1, 2, 3}, a), make(T::Float, {3, 3, 1}, b)});
  CHECK(y.shape() == Shape{2, 3, 2, 1});
  const auto got = values<float>(y);
  for (int n = 0; n < 2; ++n)
    for (int m = 0; m < 3; ++m)
      for (int r = 0; r < 2; ++r) {
        float want = 0;  // small integers: exact in any order
        for (int k = 0; k < 3; ++k)
          want += a[static_cast<size_t>(n * 6 + r * 3 + k)] * b[static_cast<size_t>(m * 3 + k)];
        CHECK(got[static_cast<size_t>((n * 3 + m) * 2 + r)] == want);
      }
  // Vectors: [3] x [3] is a scalar; [3] x [3, 2] is [2].
  CHECK(run_op("MatMul", 13, {make<float>(T::Float, {3}, {1, 2, 3}), make<float>(T::Float, {3}, {4, 5, 6})}).shape() ==
        Shape{});
  const Tensor v = run_op(
      "MatMul", 9, {make<int64_t>(T::Int64, {3}, {1, 2, 3}), make<int64_t>(T::Int64, {3, 2}, {1, 0, 0, 1, 1, 1})});
  CHECK(v.shape() == Shape{2});
  CHECK(values<int64_t>(v) == std::vector<int64_t>{4, 5});
}

TEST_CASE("MatMul: bad inputs are one-line errors") {
  CHECK_THROWS_WITH_AS(
      run_op(
          "MatMul", 13,
          {make<float>(T::Float, {2, 3}, std::vector<float>(6)), make<float>(T::Float, {2, 3}, std::vector<float>(6))}),
      doctest::Contains("MatMul inner dimensions differ: A [2, 3] has 3 columns but B [2, 3] has 2 rows"), Error);
  CHECK_THROWS_WITH_AS(run_op("MatMul", 13, {make<float>(T::Float, {}, {1}), make<float>(T::Float, {1}, {1})}),
                       doctest::Contains("rank 1 or more"), Error);
  CHECK_THROWS_WITH_AS(
      run_op("MatMul", 13, {make<float>(T::Float, {2, 1, 1}, {1, 1}), make<float>(T::Float, {3, 1, 1}, {1, 1, 1})}),
      doctest::Contains("batch dimensions do not broadcast"), Error);
  // [2^21, 0] x [0, 2^21]: empty inputs, but 2^42 floats (16 TiB) of output, refused before allocating.
  CHECK_THROWS_AS(
      run_op("MatMul", 13,
             {make<float>(T::Float, {int64_t{1} << 21, 0}, {}), make<float>(T::Float, {0, int64_t{1} << 21}, {})}),
      Error);
}
