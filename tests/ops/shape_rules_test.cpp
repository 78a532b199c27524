// The Reshape and Flatten shape arithmetic, tested directly on shapes.
#include <doctest/doctest.h>

#include <limits>

#include "ops/shape_rules.h"
#include "runtime/error.h"

using namespace onnx_ref;

namespace {
Shape reshape(const Shape& input, std::vector<int64_t> requested, ZeroMeans zero = ZeroMeans::CopyInputDim) {
  return reshape_output_shape(input, requested, zero);
}
constexpr auto Copy = ZeroMeans::CopyInputDim;
constexpr auto Literal = ZeroMeans::LiteralZero;
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
}  // namespace

// spec: Reshape-*: "The input tensor's shape and the output tensor's shape are required to have the same number of elements."
TEST_CASE("reshape: plain shapes keep the element count") {
  CHECK(reshape({2, 3, 4}, {4, 2, 3}) == Shape{4, 2, 3});
  CHECK(reshape({2, 3, 4}, {24}) == Shape{24});
  CHECK(reshape({2, 3, 4}, {2, 3, 4, 1, 1}) == Shape{2, 3, 4, 1, 1});
  CHECK_THROWS_WITH_AS(reshape({2, 3, 4}, {5, 5}), "shape [5, 5] holds 25 elements but the input [2, 3, 4] holds 24",
                       Error);
}

// spec: Reshape-*: "At most one dimension of the new shape can be -1."
// spec: Reshape-*: "In this case, the value is inferred from the size of the tensor and the remaining dimensions."
TEST_CASE("reshape: -1 is inferred from the element count") {
  CHECK(reshape({2, 3, 4}, {-1}) == Shape{24});
  CHECK(reshape({2, 3, 4}, {2, -1, 2}) == Shape{2, 6, 2});
  CHECK(reshape({2, 3, 4}, {-1, 2, 3, 4}) == Shape{1, 2, 3, 4});
  CHECK(reshape({0, 3}, {-1, 3}) == Shape{0, 3});  // 0 elements / 3 = 0
  CHECK_THROWS_WITH_AS(reshape({2, 3, 4}, {5, -1}),
                       "-1 at index 1 cannot be inferred: the input's 24 elements do not divide by 5, the product of "
                       "the other dimensions",
                       Error);
  CHECK_THROWS_WITH_AS(reshape({2, 3, 4}, {-1, 2, -1}),
                       "shape holds -1 at indices 0 and 2; at most one dimension may be -1", Error);
  CHECK_THROWS_WITH_AS(reshape({2, 3, 4}, {-2, 12}), "shape[0] = -2 is below -1", Error);
  CHECK_THROWS_AS(reshape({2, 3, 4}, {std::numeric_limits<int64_t>::min()}), Error);
}

TEST_CASE("reshape: -1 cannot be inferred when the other dimensions multiply to 0") {
  CHECK_THROWS_WITH_AS(reshape({0, 3}, {0, -1}, Literal),
                       "shape holds both 0 (at index 0) and -1 (at index 1), which is invalid when a 0 is taken "
                       "literally (allowzero = 1)",
                       Error);
  // With allowzero = 0 the 0 copies input dim 0 (which is 0), so the product is 0 as well.
  CHECK_THROWS_WITH_AS(reshape({0, 3}, {0, -1}, Copy),
                       "-1 at index 1 cannot be inferred: the other dimensions of [0, -1] multiply to 0", Error);
}

// spec: Reshape-*: "could also be 0, in which case the actual dimension value is unchanged"
TEST_CASE("reshape: a 0 copies the input dimension at the same index (allowzero = 0)") {
  CHECK(reshape({2, 3, 4}, {2, 0, 4}) == Shape{2, 3, 4});
  CHECK(reshape({2, 3, 4}, {0, 0, -1}) == Shape{2, 3, 4});
  CHECK(reshape({2, 3, 4}, {0, -1}) == Shape{2, 12});
  CHECK(reshape({2, 3, 4}, {2, 0, 1, -1}) == Shape{2, 3, 1, 4});  // ONNX's test_reshape_zero_and_negative_dim
  CHECK_THROWS_WITH_AS(reshape({2, 12}, {2, 3, 0, 4}, Copy),
                       "shape[2] = 0 copies input dimension 2, but the input has rank 2", Error);
  CHECK_THROWS_WITH_AS(reshape({24}, {0, 0, 0, 24}), "shape[1] = 0 copies input dimension 1, but the input has rank 1",
                       Error);
}

// spec: Reshape-*: "it is invalid for the specified shape to contain both a zero value and -1"
TEST_CASE("reshape: a 0 is a literal zero under allowzero = 1") {
  CHECK(reshape({0, 3, 4}, {3, 4, 0}, Literal) == Shape{3, 4, 0});  // ONNX's test_reshape_allowzero_reordered
  CHECK(reshape({2, 0}, {0, 7}, Literal) == Shape{0, 7});
  CHECK_THROWS_WITH_AS(reshape({2, 3}, {0, 6}, Literal), "shape [0, 6] holds 0 elements but the input [2, 3] holds 6",
                       Error);
  CHECK_THROWS_AS(reshape({0, 3}, {3, -1, 0}, Literal), Error);
}

// spec: Reshape-*: "Shape (second input) could be an empty shape, which means converting to a scalar."
TEST_CASE("reshape: an empty shape makes a scalar, and a scalar reshapes to ones") {
  CHECK(reshape({1, 1, 1}, {}) == Shape{});
  CHECK(reshape({}, {}) == Shape{});
  CHECK(reshape({}, {1, 1}) == Shape{1, 1});
  CHECK(reshape({}, {-1}) == Shape{1});
  CHECK_THROWS_WITH_AS(reshape({2}, {}), "shape [] holds 1 elements but the input [2] holds 2", Error);
  CHECK_THROWS_AS(reshape({}, {0}, Copy), Error);  // a scalar has no dimension 0 to copy
}

TEST_CASE("reshape: zero-sized tensors") {
  CHECK(reshape({2, 0, 3}, {0, 5}, Literal) == Shape{0, 5});
  CHECK(reshape({2, 0, 3}, {3, 0}, Literal) == Shape{3, 0});
  CHECK(reshape({2, 0, 3}, {2, 0, 3}, Copy) == Shape{2, 0, 3});
  CHECK(reshape({2, 0, 3}, {6, 0}, Copy) == Shape{6, 0});
}

TEST_CASE("reshape: products never overflow silently") {
  // 2^32 * 2^32 wraps to 0 in 64-bit arithmetic, which would "match" a zero-sized input.
  CHECK_THROWS_WITH_AS(reshape({0}, {int64_t{1} << 32, int64_t{1} << 32}, Literal),
                       "the product of shape [4294967296, 4294967296] overflows int64", Error);
  // 2^62 * 4 * 6 wraps around to 0 too; and 3 * (2^63 / 3 + 1) wraps to a small positive count.
  CHECK_THROWS_AS(reshape({0}, {int64_t{1} << 62, 4, 6}, Literal), Error);
  CHECK_THROWS_AS(reshape({6}, {kMax, kMax, -1}), Error);
  CHECK_THROWS_AS(reshape({2}, {2, kMax / 2 + 1}), Error);
  // The -1 side: a huge known product that does not divide gives a clean error, not an overflow.
  CHECK_THROWS_AS(reshape({6}, {kMax, -1}), Error);
}

TEST_CASE("reshape: OpenVINO's five examples (special_zero)") {
  CHECK(reshape({2, 5, 5, 0}, {0, 4}, Literal) == Shape{0, 4});
  CHECK(reshape({2, 5, 5, 24}, {0, -1, 4}, Copy) == Shape{2, 150, 4});
  CHECK(reshape({2, 2, 3}, {0, 0, 1, -1}, Copy) == Shape{2, 2, 1, 3});
  CHECK(reshape({3, 1, 1}, {-1, 0}, Copy) == Shape{3, 1});
  CHECK(reshape({3, 1, 1}, {0, -1}, Copy) == Shape{3, 1});
}

TEST_CASE("flatten: axis splits the dimensions into two products") {
  const Shape s{2, 3, 4, 5};
  CHECK(flatten_output_shape(s, 0, false) == Shape{1, 120});
  CHECK(flatten_output_shape(s, 1, false) == Shape{2, 60});
  CHECK(flatten_output_shape(s, 2, false) == Shape{6, 20});
  CHECK(flatten_output_shape(s, 3, false) == Shape{24, 5});
  CHECK(flatten_output_shape(s, 4, false) == Shape{120, 1});
  CHECK(flatten_output_shape(s, -1, true) == Shape{24, 5});
  CHECK(flatten_output_shape(s, -4, true) == Shape{1, 120});
}

// spec: Flatten-1,9: "The value for axis must be in the range [0, R], where R is the rank of the input tensor."
// spec: Flatten-11,13,21,23,24,25: "The value for axis must be in the range [-r, r], where r is the rank of the input tensor."
TEST_CASE("flatten: axis range per version") {
  const Shape s{2, 3, 4};
  for (int64_t axis = 0; axis <= 3; ++axis) {
    CHECK_NOTHROW(flatten_output_shape(s, axis, false));
    CHECK_NOTHROW(flatten_output_shape(s, axis, true));
  }
  for (int64_t axis = -3; axis < 0; ++axis) {
    CHECK_NOTHROW(flatten_output_shape(s, axis, true));
    CHECK_THROWS_WITH_AS(flatten_output_shape(s, axis, false),
                         doctest::Contains("negative axes are allowed from Flatten-11 on"), Error);
  }
  CHECK_THROWS_WITH_AS(flatten_output_shape(s, 4, true), "axis 4 is outside the range [-3, 3] for an input of rank 3",
                       Error);
  CHECK_THROWS_WITH_AS(flatten_output_shape(s, -4, true), "axis -4 is outside the range [-3, 3] for an input of rank 3",
                       Error);
  CHECK_THROWS_WITH_AS(flatten_output_shape(s, 4, false), "axis 4 is outside the range [0, 3] for an input of rank 3",
                       Error);
}

TEST_CASE("flatten: scalars accept only axis 0, zero-sized dims multiply directly") {
  CHECK(flatten_output_shape({}, 0, true) == Shape{1, 1});
  CHECK(flatten_output_shape({}, 0, false) == Shape{1, 1});
  CHECK_THROWS_AS(flatten_output_shape({}, 1, true), Error);
  CHECK_THROWS_AS(flatten_output_shape({}, -1, true), Error);
  CHECK(flatten_output_shape({2, 0, 3}, 2, true) == Shape{0, 3});
  CHECK(flatten_output_shape({2, 0, 3}, 1, true) == Shape{2, 0});
  CHECK(flatten_output_shape({0}, 1, true) == Shape{0, 1});
}
