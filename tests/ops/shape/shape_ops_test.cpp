// Unit tests of ops/shape/shape_ops.cpp.
#include "helpers/shape_ops.h"

TEST_CASE("squeeze_output_shape: without axes every 1 goes; with axes exactly those") {
  CHECK(squeeze_output_shape({1, 3, 1, 5}, std::nullopt, Back) == Shape{3, 5});
  CHECK(squeeze_output_shape({1, 1}, std::nullopt, Back) == Shape{});
  CHECK(squeeze_output_shape({}, std::nullopt, Back) == Shape{});
  CHECK(squeeze_output_shape({0, 1, 2}, std::nullopt, Back) == Shape{0, 2});  // a 0 is not a 1
  CHECK(squeeze_output_shape({1, 3, 1, 5}, std::vector<int64_t>{0}, Back) == Shape{3, 1, 5});
  CHECK(squeeze_output_shape({1, 3, 1, 5}, std::vector<int64_t>{-2, 0}, Back) == Shape{3, 5});
  CHECK(squeeze_output_shape({1, 3, 1, 5}, std::vector<int64_t>{2}, Refused) == Shape{1, 3, 5});
  // Given but empty: nothing goes (the spec removes every 1 only when axes are not provided).
  CHECK(squeeze_output_shape({1, 3, 1}, std::vector<int64_t>{}, Back) == Shape{1, 3, 1});
  CHECK_THROWS_WITH_AS(squeeze_output_shape({1, 3, 1}, std::vector<int64_t>{1}, Back),
                       "cannot squeeze axis 1 (axes[0] = 1) of shape [1, 3, 1]: its size is 3, not 1", Error);
  CHECK_THROWS_WITH_AS(squeeze_output_shape({1, 0}, std::vector<int64_t>{0, -1}, Back),
                       "cannot squeeze axis 1 (axes[1] = -1) of shape [1, 0]: its size is 0, not 1", Error);
  CHECK_THROWS_WITH_AS(squeeze_output_shape({1, 1}, std::vector<int64_t>{0, -2}, Back),
                       "axes[1] = -2 names axis 0 again (axes[0] = 0); each axis may appear once", Error);
  CHECK_THROWS_WITH_AS(squeeze_output_shape({1, 1}, std::vector<int64_t>{2}, Back),
                       "axes[0] = 2 is out of range for the input rank 2 (valid: -2 to 1)", Error);
  CHECK_THROWS_AS(squeeze_output_shape({1, 1}, std::vector<int64_t>{-1}, Refused), Error);
  CHECK_THROWS_AS(squeeze_output_shape({}, std::vector<int64_t>{0}, Back), Error);
}

TEST_CASE("squeeze_output_shape: every single axis of a shape of ones and non-ones") {
  const Shape input{1, 2, 1, 3};
  for (int64_t a = -6; a <= 5; ++a) {
    CAPTURE(a);
    const std::vector<int64_t> axes{a};
    const bool in_range = a >= -4 && a < 4;
    const int64_t n = a < 0 ? a + 4 : a;
    if (!in_range || input[static_cast<size_t>(n)] != 1) {
      CHECK_THROWS_AS(squeeze_output_shape(input, axes, Back), Error);
    } else {
      Shape want = input;
      want.erase(want.begin() + n);
      CHECK(squeeze_output_shape(input, axes, Back) == want);
    }
  }
}

TEST_CASE("unsqueeze_output_shape: axes refer to the output rank") {
  CHECK(unsqueeze_output_shape({3, 4}, std::vector<int64_t>{0}, Back) == Shape{1, 3, 4});
  CHECK(unsqueeze_output_shape({3, 4}, std::vector<int64_t>{2}, Back) == Shape{3, 4, 1});  // 2 = old rank: valid
  CHECK(unsqueeze_output_shape({3, 4}, std::vector<int64_t>{-1}, Back) == Shape{3, 4, 1});
  CHECK(unsqueeze_output_shape({3, 4}, std::vector<int64_t>{3, 0}, Back) == Shape{1, 3, 4, 1});
  CHECK(unsqueeze_output_shape({3, 4, 5}, std::vector<int64_t>{2, 0}, Back) == Shape{1, 3, 1, 4, 5});
  CHECK(unsqueeze_output_shape({3, 4, 5}, std::vector<int64_t>{0, 4, 2}, Back) == Shape{1, 3, 1, 4, 1, 5});
  CHECK(unsqueeze_output_shape({}, std::vector<int64_t>{0}, Back) == Shape{1});
  CHECK(unsqueeze_output_shape({}, std::vector<int64_t>{-1, 0}, Back) == Shape{1, 1});
  CHECK(unsqueeze_output_shape({0}, std::vector<int64_t>{1}, Refused) == Shape{0, 1});
  CHECK(unsqueeze_output_shape({2, 3}, std::vector<int64_t>{}, Back) == Shape{2, 3});
  CHECK_THROWS_WITH_AS(unsqueeze_output_shape({3, 4}, std::vector<int64_t>{3}, Back),
                       "axes[0] = 3 is out of range for the output rank 3 (valid: -3 to 2)", Error);
  CHECK_THROWS_WITH_AS(unsqueeze_output_shape({3, 4}, std::vector<int64_t>{-4}, Back),
                       "axes[0] = -4 is out of range for the output rank 3 (valid: -3 to 2)", Error);
  CHECK_THROWS_WITH_AS(unsqueeze_output_shape({3}, std::vector<int64_t>{0, -3}, Back),
                       "axes[1] = -3 names axis 0 again (axes[0] = 0); each axis may appear once", Error);
  CHECK_THROWS_AS(unsqueeze_output_shape({3}, std::vector<int64_t>{-1}, Refused), Error);
  CHECK_THROWS_AS(unsqueeze_output_shape({3}, std::vector<int64_t>{kMin}, Back), Error);
  CHECK_THROWS_AS(unsqueeze_output_shape({3}, std::vector<int64_t>{kMax}, Back), Error);
}

TEST_CASE("unsqueeze_output_shape: every single axis for an input of rank 2") {
  for (int64_t a = -5; a <= 4; ++a) {
    CAPTURE(a);
    const std::vector<int64_t> axes{a};
    if (a < -3 || a > 2) {
      CHECK_THROWS_AS(unsqueeze_output_shape({3, 4}, axes, Back), Error);
      continue;
    }
    Shape want{3, 4};
    want.insert(want.begin() + (a < 0 ? a + 3 : a), 1);
    CHECK(unsqueeze_output_shape({3, 4}, axes, Back) == want);
    if (a < 0) CHECK_THROWS_AS(unsqueeze_output_shape({3, 4}, axes, Refused), Error);
  }
}

// spec: Shape-*: "Note that axes will be clamped to the range [0, r], where r is the rank of the input tensor if they are out-of-range (after adding r in the case of negative axis)."
// spec: Shape-*: "If start > end, the result will be an empty shape."
TEST_CASE("shape_slice_range: negative counts from the back, then clamped to [0, rank]") {
  using R = std::pair<int64_t, int64_t>;
  CHECK(shape_slice_range(3, 0, std::nullopt) == R{0, 3});
  CHECK(shape_slice_range(3, 1, std::nullopt) == R{1, 3});
  CHECK(shape_slice_range(3, -1, std::nullopt) == R{2, 3});
  CHECK(shape_slice_range(3, 0, -1) == R{0, 2});
  CHECK(shape_slice_range(3, -3, -2) == R{0, 1});
  CHECK(shape_slice_range(3, -4, 10) == R{0, 3});
  CHECK(shape_slice_range(3, 10, std::nullopt) == R{3, 3});
  CHECK(shape_slice_range(3, 2, 1) == R{2, 2});  // start after end: empty
  CHECK(shape_slice_range(3, -1, 1) == R{2, 2});
  CHECK(shape_slice_range(3, kMin, kMax) == R{0, 3});
  CHECK(shape_slice_range(3, kMax, kMin) == R{3, 3});
  CHECK(shape_slice_range(0, kMin, kMin) == R{0, 0});
  CHECK(shape_slice_range(0, 0, std::nullopt) == R{0, 0});
  // Every start and end from -5 to 5 on rank 3 against the definition.
  for (int64_t s = -5; s <= 5; ++s)
    for (int64_t e = -5; e <= 5; ++e) {
      auto clamp = [](int64_t v) { return std::min<int64_t>(3, std::max<int64_t>(0, v < 0 ? v + 3 : v)); };
      const int64_t first = clamp(s), last = std::max(first, clamp(e));
      CHECK(shape_slice_range(3, s, e) == R{first, last});
    }
}

TEST_CASE("read_axes_input: a 1-D int64 tensor, or a scalar holding one axis") {
  CHECK(read_axes_input(int64_tensor({0, -1})) == std::vector<int64_t>{0, -1});
  CHECK(read_axes_input(int64_tensor({})).empty());
  // ONNX's Loop-13 test unsqueezes with a scalar axis: it reads as the list of that one axis.
  CHECK(read_axes_input(Tensor::from_values<int64_t>(T::Int64, {}, {-1})) == std::vector<int64_t>{-1});
  CHECK_THROWS_WITH_AS(read_axes_input(Tensor::zeros(T::Int64, {1, 1})),
                       "the axes input must be 1-D, but it is int64[1, 1]", Error);
}
