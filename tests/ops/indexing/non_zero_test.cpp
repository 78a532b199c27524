// Unit tests of ops/indexing/non_zero.cpp.
#include "helpers/layout_ops.h"

TEST_CASE("NonZero: floats are non-zero when unequal to 0: NaN counts, -0 does not") {
  const Tensor f = floats({6}, {0.0f, -0.0f, NAN, 1e-45f, -INFINITY, 1});
  CHECK(nonzero_flat_indices(f) == std::vector<int64_t>{2, 3, 4, 5});
  const Tensor h = Tensor::from_values<uint16_t>(T::Float16, {4}, {0x0000, 0x8000, 0x0001, 0x7E00});
  CHECK(nonzero_flat_indices(h) == std::vector<int64_t>{2, 3});
  const Tensor bf = Tensor::from_values<uint16_t>(T::BFloat16, {3}, {0x8000, 0x3F80, 0x0000});
  CHECK(nonzero_flat_indices(bf) == std::vector<int64_t>{1});
  const Tensor d = Tensor::from_values<double>(T::Double, {3}, {-0.0, 5e-324, 0.0});
  CHECK(nonzero_flat_indices(d) == std::vector<int64_t>{1});
  const Tensor c64 =
      Tensor::from_values<std::complex<float>>(T::Complex64, {4}, {{0, 0}, {-0.0f, -0.0f}, {0, 1}, {2, 0}});
  CHECK(nonzero_flat_indices(c64) == std::vector<int64_t>{2, 3});
  const Tensor c128 = Tensor::from_values<std::complex<double>>(T::Complex128, {3}, {{-0.0, 0}, {0, NAN}, {0, 0}});
  CHECK(nonzero_flat_indices(c128) == std::vector<int64_t>{1});
}

TEST_CASE("NonZero: integers, bool and strings") {
  CHECK(nonzero_flat_indices(int64s({4}, {0, kMin, 0, 1})) == std::vector<int64_t>{1, 3});
  CHECK(nonzero_flat_indices(Tensor::from_values<int8_t>(T::Int8, {3}, {-128, 0, 1})) == std::vector<int64_t>{0, 2});
  CHECK(nonzero_flat_indices(Tensor::from_values<uint32_t>(T::UInt32, {2}, {0x80000000u, 0})) ==
        std::vector<int64_t>{0});
  CHECK(nonzero_flat_indices(bools({3}, {1, 0, 1})) == std::vector<int64_t>{0, 2});
  CHECK(nonzero_flat_indices(Tensor::from_strings({4}, {"", "a", std::string(1, '\0'), ""})) ==
        std::vector<int64_t>{1, 2});
  CHECK(nonzero_flat_indices(Tensor::zeros(T::Float, {0, 3})).empty());
}

// spec: NonZero-*: "but for scalar input, NonZero produces output shape (0, N) instead of (1, N), which is different from Numpy's behavior."
TEST_CASE("NonZero: output is [rank, count] of coordinates") {
  // numpy: np.nonzero([[1, 0], [1, 1]]) = ([0, 1, 1], [0, 0, 1])
  Tensor y = nonzero(bools({2, 2}, {1, 0, 1, 1}));
  CHECK(y.shape() == Shape{2, 3});
  CHECK(int64_values(y) == std::vector<int64_t>{0, 1, 1, 0, 0, 1});
  y = nonzero(floats({2, 1, 3}, {0, 1, 0, 2, 0, 3}));
  CHECK(y.shape() == Shape{3, 3});
  CHECK(int64_values(y) == std::vector<int64_t>{0, 1, 1, 0, 0, 0, 1, 0, 2});
  CHECK(nonzero(floats({3}, {0, 0, 0})).shape() == Shape{1, 0});
  CHECK(nonzero(Tensor::zeros(T::Float, {2, 0, 3})).shape() == Shape{3, 0});
  // A scalar: [0, count], as ONNX's reference implementation gives.
  CHECK(nonzero(floats({}, {5})).shape() == Shape{0, 1});
  CHECK(nonzero(floats({}, {0})).shape() == Shape{0, 0});
  CHECK(nonzero(Tensor::from_strings({2}, {"x", ""})).shape() == Shape{1, 1});
}
