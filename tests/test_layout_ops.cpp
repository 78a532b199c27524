// Transpose, Expand, Tile, Where, Compress and NonZero: their rules on shapes, perms, repeats and
// axes, every error message, and their kernels against element-by-element references for every
// storage width (1 to 16 bytes, packed 4- and 2-bit, strings).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>

#include "model_builder.h"
#include "ops/indexing/compress.h"
#include "ops/indexing/non_zero.h"
#include "ops/indexing/where.h"
#include "ops/movement/expand.h"
#include "ops/movement/tile.h"
#include "ops/movement/transpose.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

// A tensor of `shape` whose elements all differ (as far as the type's width allows): bytes from a
// fixed random sequence; strings "s0", "s1", ...
Tensor patterned(ElementType type, Shape shape, uint32_t seed = 1) {
  Tensor t = Tensor::zeros(type, std::move(shape));
  if (type == T::String) {
    auto& s = t.mutable_strings();
    for (size_t i = 0; i < s.size(); ++i) s[i] = "s" + std::to_string(i);
    return t;
  }
  std::mt19937 rng(seed);
  const uint64_t bytes = storage_bytes(type, static_cast<uint64_t>(t.element_count()));
  for (uint64_t i = 0; i < bytes; ++i) t.mutable_data()[i] = static_cast<std::byte>(rng());
  if (is_sub_byte(type) && t.element_count() > 0) {  // unused bits of the last byte stay zero
    const int per_byte = 8 / bits_of(type);
    const int used = static_cast<int>(t.element_count() % per_byte);
    if (used) t.mutable_data()[bytes - 1] &= static_cast<std::byte>((1u << (used * bits_of(type))) - 1);
  }
  return t;
}

std::vector<int64_t> row_major_strides(const Shape& s) {
  std::vector<int64_t> st(s.size());
  int64_t k = 1;
  for (size_t i = s.size(); i-- > 0;) {
    st[i] = k;
    k *= s[i];
  }
  return st;
}

// Calls f(coordinates, flat index) for every element of `shape`, in row-major order.
template <class F>
void for_each_index(const Shape& shape, F&& f) {
  const int64_t n = checked_element_count(shape).value();
  std::vector<int64_t> idx(shape.size(), 0);
  for (int64_t flat = 0; flat < n; ++flat) {
    f(idx, flat);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

Tensor naive_transpose(const Tensor& in, const std::vector<int64_t>& perm) {
  Shape out_shape(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) out_shape[i] = in.shape()[static_cast<size_t>(perm[i])];
  Tensor out = Tensor::zeros(in.type(), out_shape);
  const auto in_st = row_major_strides(in.shape());
  for_each_index(out_shape, [&](const std::vector<int64_t>& idx, int64_t flat) {
    int64_t src = 0;
    for (size_t i = 0; i < perm.size(); ++i) src += idx[i] * in_st[static_cast<size_t>(perm[i])];
    copy_elements(in, src, out, flat, 1);
  });
  return out;
}

// Element (index) of `in` broadcast to `out_shape`, by coordinates.
int64_t broadcast_source(const Shape& in, const Shape& out_shape, const std::vector<int64_t>& idx) {
  const auto st = row_major_strides(in);
  int64_t src = 0;
  for (size_t i = 0; i < in.size(); ++i) {
    const size_t d = out_shape.size() - in.size() + i;
    src += (in[i] == 1 ? 0 : idx[d]) * st[i];
  }
  return src;
}

Tensor naive_expand(const Tensor& in, const Shape& out_shape) {
  Tensor out = Tensor::zeros(in.type(), out_shape);
  for_each_index(out_shape, [&](const std::vector<int64_t>& idx, int64_t flat) {
    copy_elements(in, broadcast_source(in.shape(), out_shape, idx), out, flat, 1);
  });
  return out;
}

Tensor naive_tile(const Tensor& in, const std::vector<int64_t>& repeats) {
  Shape out_shape(in.shape().size());
  for (size_t i = 0; i < out_shape.size(); ++i) out_shape[i] = in.shape()[i] * repeats[i];
  Tensor out = Tensor::zeros(in.type(), out_shape);
  const auto st = row_major_strides(in.shape());
  for_each_index(out_shape, [&](const std::vector<int64_t>& idx, int64_t flat) {
    int64_t src = 0;
    for (size_t i = 0; i < idx.size(); ++i) src += (idx[i] % in.shape()[i]) * st[i];
    copy_elements(in, src, out, flat, 1);
  });
  return out;
}

const ElementType kEveryWidth[] = {T::UInt8, T::Float16, T::Float, T::Double, T::Complex128,
                                   T::Int4,  T::UInt2,   T::String, T::Bool, T::Complex64};

Tensor bools(Shape shape, const std::vector<uint8_t>& v) { return Tensor::from_values<uint8_t>(T::Bool, std::move(shape), v); }
Tensor floats(Shape shape, const std::vector<float>& v) { return Tensor::from_values<float>(T::Float, std::move(shape), v); }
Tensor int64s(Shape shape, const std::vector<int64_t>& v) { return Tensor::from_values<int64_t>(T::Int64, std::move(shape), v); }

std::vector<float> float_values(const Tensor& t) {
  return std::vector<float>(t.data_as<float>(), t.data_as<float>() + t.element_count());
}
std::vector<int64_t> int64_values(const Tensor& t) {
  return std::vector<int64_t>(t.data_as<int64_t>(), t.data_as<int64_t>() + t.element_count());
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Transpose

// spec: Transpose-*: "If the attribute `perm` is omitted, its default value is `(n-1, ..., 0)`, where `n` is the rank of the input tensor."
// spec: Transpose-*: "By default, reverse the dimensions, otherwise permute the axes according to the values given."
TEST_CASE("Transpose: perm defaults to the reversed axes") {
  CHECK(transpose_perm(0, std::nullopt).empty());
  CHECK(transpose_perm(1, std::nullopt) == std::vector<int64_t>{0});
  CHECK(transpose_perm(3, std::nullopt) == std::vector<int64_t>{2, 1, 0});
  CHECK(transpose_perm(5, std::nullopt) == std::vector<int64_t>{4, 3, 2, 1, 0});
}

// spec: Transpose-*: "The optional attribute `perm` must be a permutation of the dimensions of the input tensor."
TEST_CASE("Transpose: every permutation of ranks 0 to 4 is accepted, and everything else is refused") {
  for (int64_t rank = 0; rank <= 4; ++rank) {
    std::vector<int64_t> p(static_cast<size_t>(rank));
    std::iota(p.begin(), p.end(), 0);
    do {
      CHECK(transpose_perm(rank, p) == p);
    } while (std::next_permutation(p.begin(), p.end()));
    // Every entry replaced by every out-of-range value.
    for (size_t i = 0; i < p.size(); ++i)
      for (int64_t bad : {int64_t{-1}, rank, rank + 1, kMin, kMax}) {
        auto q = p;
        q[i] = bad;
        CHECK_THROWS_AS(transpose_perm(rank, q), Error);
      }
  }
}

// spec: Transpose-*: "Its length must be equal to the rank of the input."
TEST_CASE("Transpose: perm errors name the entry and the value") {
  CHECK_THROWS_WITH_AS(transpose_perm(3, std::vector<int64_t>{0, 1}), "perm has 2 entries but the input has rank 3", Error);
  CHECK_THROWS_WITH_AS(transpose_perm(2, std::vector<int64_t>{0, 1, 2}), "perm has 3 entries but the input has rank 2", Error);
  CHECK_THROWS_WITH_AS(transpose_perm(2, std::vector<int64_t>{}), "perm has 0 entries but the input has rank 2", Error);
  CHECK(transpose_perm(0, std::vector<int64_t>{}).empty());  // an empty perm fits a scalar
  CHECK_THROWS_WITH_AS(transpose_perm(3, std::vector<int64_t>{0, 3, 1}),
                       "perm[1] = 3 is out of range: perm has 3 entries, so it must be a permutation of 0 to 2", Error);
  CHECK_THROWS_WITH_AS(transpose_perm(3, std::vector<int64_t>{0, -1, 1}),
                       "perm[1] = -1 is out of range: perm has 3 entries, so it must be a permutation of 0 to 2", Error);
  CHECK_THROWS_WITH_AS(transpose_perm(2, std::vector<int64_t>{kMin, 0}),
                       "perm[0] = -9223372036854775808 is out of range: perm has 2 entries, so it must be a permutation of 0 to 1",
                       Error);
  CHECK_THROWS_WITH_AS(transpose_perm(2, std::vector<int64_t>{0, kMax}),
                       "perm[1] = 9223372036854775807 is out of range: perm has 2 entries, so it must be a permutation of 0 to 1",
                       Error);
  CHECK_THROWS_WITH_AS(transpose_perm(3, std::vector<int64_t>{2, 0, 2}),
                       "perm[2] = 2 repeats perm[0]; perm must be a permutation of 0 to 2", Error);
  CHECK_THROWS_WITH_AS(check_perm_values(std::vector<int64_t>{1, 1}), "perm[1] = 1 repeats perm[0]; perm must be a permutation of 0 to 1",
                       Error);
  CHECK_NOTHROW(check_perm_values(std::vector<int64_t>{}));
}

TEST_CASE("Transpose: output shape and plan") {
  CHECK(transpose_output_shape({2, 3, 4}, std::vector<int64_t>{2, 0, 1}) == Shape{4, 2, 3});
  CHECK(transpose_output_shape({}, std::vector<int64_t>{}) == Shape{});
  CHECK(transpose_output_shape({2, 0, 4}, std::vector<int64_t>{1, 2, 0}) == Shape{0, 4, 2});
  // (2, 0, 1) of [2, 3, 4] is the 2-D transpose of a [6, 4] matrix.
  auto p = transpose_plan({2, 3, 4}, std::vector<int64_t>{2, 0, 1});
  CHECK(p.dims == std::vector<int64_t>{4, 6});
  CHECK(p.src_strides == std::vector<int64_t>{1, 4});
  // The identity is one run.
  p = transpose_plan({2, 3, 4}, std::vector<int64_t>{0, 1, 2});
  CHECK(p.dims == std::vector<int64_t>{24});
  CHECK(p.src_strides == std::vector<int64_t>{1});
  // Size-1 dimensions vanish: [1, 5, 1, 3] with (3, 2, 1, 0) is [3, 5] from strides 1, 3.
  p = transpose_plan({1, 5, 1, 3}, std::vector<int64_t>{3, 2, 1, 0});
  CHECK(p.dims == std::vector<int64_t>{3, 5});
  CHECK(p.src_strides == std::vector<int64_t>{1, 3});
  // NCHW -> NHWC: N, HW, C.
  p = transpose_plan({2, 3, 4, 5}, std::vector<int64_t>{0, 2, 3, 1});
  CHECK(p.dims == std::vector<int64_t>{2, 20, 3});
  CHECK(p.src_strides == std::vector<int64_t>{60, 1, 20});
  // A single element, and a swap of dims that keeps the innermost run.
  CHECK(transpose_plan({1, 1}, std::vector<int64_t>{1, 0}).dims.empty());
  p = transpose_plan({2, 3, 4}, std::vector<int64_t>{1, 0, 2});
  CHECK(p.dims == std::vector<int64_t>{3, 2, 4});
  CHECK(p.src_strides == std::vector<int64_t>{4, 12, 1});
}

TEST_CASE("Transpose: a small float example by hand") {
  const Tensor x = floats({2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor y = transpose(x, std::vector<int64_t>{1, 0});
  CHECK(y.shape() == Shape{3, 2});
  CHECK(float_values(y) == std::vector<float>{1, 4, 2, 5, 3, 6});
}

TEST_CASE("Transpose: every permutation of several shapes matches the element-by-element reference, every width") {
  const Shape shapes[] = {{}, {5}, {3, 7}, {2, 3, 4}, {1, 5, 1, 3}, {4, 1, 3, 2}, {2, 0, 3}, {3, 2, 2, 5}};
  for (ElementType type : kEveryWidth) {
    CAPTURE(name_of(type));
    for (const Shape& shape : shapes) {
      CAPTURE(shape_to_string(shape));
      const Tensor x = patterned(type, shape);
      std::vector<int64_t> p(shape.size());
      std::iota(p.begin(), p.end(), 0);
      do {
        CAPTURE(shape_to_string(p));
        CHECK(transpose(x, p).identical_to(naive_transpose(x, p)));
      } while (std::next_permutation(p.begin(), p.end()));
    }
  }
}

TEST_CASE("Transpose: large 2-D and NCHW/NHWC cases with ragged edges match the reference (tiled path)") {
  for (ElementType type : {T::UInt8, T::Int16, T::Float, T::Int64, T::Complex128, T::Int4, T::String}) {
    CAPTURE(name_of(type));
    for (const Shape& shape : {Shape{67, 131}, Shape{64, 64}, Shape{1, 9, 7}, Shape{130, 9}}) {
      const Tensor x = patterned(type, shape);
      std::vector<int64_t> perm(shape.size());
      std::iota(perm.rbegin(), perm.rend(), 0);
      CHECK(transpose(x, perm).identical_to(naive_transpose(x, perm)));
    }
    const Tensor nchw = patterned(type, {2, 17, 9, 11});
    CHECK(transpose(nchw, std::vector<int64_t>{0, 2, 3, 1}).identical_to(naive_transpose(nchw, {0, 2, 3, 1})));
    CHECK(transpose(nchw, std::vector<int64_t>{0, 3, 1, 2}).identical_to(naive_transpose(nchw, {0, 3, 1, 2})));
    const Tensor r5 = patterned(type, {3, 5, 2, 9, 4});
    for (const std::vector<int64_t>& perm : {std::vector<int64_t>{4, 2, 0, 3, 1}, {1, 4, 3, 0, 2}, {3, 0, 4, 1, 2}})
      CHECK(transpose(r5, perm).identical_to(naive_transpose(r5, perm)));
  }
}

TEST_CASE("Transpose: strings, int4 and complex128 by hand") {
  const Tensor s = Tensor::from_strings({2, 2}, {"a", "", "\xce\xb1", "long string"});
  const Tensor st = transpose(s, std::vector<int64_t>{1, 0});
  CHECK(st.strings() == std::vector<std::string>{"a", "\xce\xb1", "", "long string"});
  // int4 [2, 3] = 1 2 3 / -1 -2 -3, two per byte, element 0 in the low nibble.
  Tensor x = Tensor::zeros(T::Int4, {2, 3});
  const uint8_t packed[] = {0x21, 0xF3, 0xDE};  // 1 2 | 3 -1 | -2 -3
  std::memcpy(x.mutable_data(), packed, 3);
  const Tensor y = transpose(x, std::vector<int64_t>{1, 0});  // 1 -1 2 -2 3 -3
  const uint8_t want[] = {0xF1, 0xE2, 0xD3};
  CHECK(std::memcmp(y.data(), want, 3) == 0);
  const Tensor c = Tensor::from_values<std::complex<double>>(T::Complex128, {1, 2}, {{1, 2}, {3, -0.0}});
  const Tensor ct = transpose(c, std::vector<int64_t>{1, 0});
  CHECK(ct.shape() == Shape{2, 1});
  CHECK(std::signbit(ct.data_as<std::complex<double>>()[1].imag()));
}

// ---------------------------------------------------------------------------------------------
// Expand

TEST_CASE("Expand: output shapes broadcast both ways") {
  CHECK(expand_output_shape({3, 1}, std::vector<int64_t>{2, 1, 6}) == Shape{2, 3, 6});
  CHECK(expand_output_shape({3, 1}, std::vector<int64_t>{3, 4}) == Shape{3, 4});
  CHECK(expand_output_shape({3, 4}, std::vector<int64_t>{1}) == Shape{3, 4});  // a 1 keeps the input's size
  CHECK(expand_output_shape({3, 4}, std::vector<int64_t>{}) == Shape{3, 4});
  CHECK(expand_output_shape({}, std::vector<int64_t>{2, 2}) == Shape{2, 2});
  CHECK(expand_output_shape({}, std::vector<int64_t>{}) == Shape{});
  CHECK(expand_output_shape({1}, std::vector<int64_t>{0}) == Shape{0});
  CHECK(expand_output_shape({0, 1}, std::vector<int64_t>{1, 5}) == Shape{0, 5});
  CHECK(expand_output_shape({2, 1, 3}, std::vector<int64_t>{4, 1, 1, 1}) == Shape{4, 2, 1, 3});
}

TEST_CASE("Expand: errors") {
  CHECK_THROWS_WITH_AS(expand_output_shape({3}, std::vector<int64_t>{2, -1}), "shape[1] = -1 is negative", Error);
  CHECK_THROWS_WITH_AS(expand_output_shape({3}, std::vector<int64_t>{kMin}), "shape[0] = -9223372036854775808 is negative", Error);
  CHECK_THROWS_WITH_AS(expand_output_shape({3, 1}, std::vector<int64_t>{2, 4}),
                       "shapes [3, 1] and [2, 4] cannot be broadcast (dimension 3 vs 2)", Error);
  CHECK_THROWS_WITH_AS(expand_output_shape({2}, std::vector<int64_t>{0}), "shapes [2] and [0] cannot be broadcast (dimension 2 vs 0)",
                       Error);
  CHECK_THROWS_WITH_AS(expand_output_shape({1}, std::vector<int64_t>{kMax, 2}),
                       "expanding [1] to [9223372036854775807, 2] gives the shape [9223372036854775807, 2], whose element count overflows int64",
                       Error);
  CHECK_THROWS_WITH_AS(expand_output_shape({4294967296}, std::vector<int64_t>{4294967296, 1}),
                       "expanding [4294967296] to [4294967296, 1] gives the shape [4294967296, 4294967296], whose element count overflows int64",
                       Error);
  // Large but countable: refused by the allocation check, before any memory is touched.
  CHECK_THROWS_AS(expand(Tensor::zeros(T::Float, {1}), expand_output_shape({1}, std::vector<int64_t>{1000000, 1000000, 1000})),
                  Error);
}

TEST_CASE("Expand: the plan merges loops that both stretch or both run contiguously") {
  auto p = broadcast_plan({3, 1}, {2, 3, 6});
  CHECK(p.dims == std::vector<int64_t>{2, 3, 6});
  CHECK(p.src_strides == std::vector<int64_t>{0, 1, 0});
  p = broadcast_plan({1, 1, 4, 5}, {2, 3, 4, 5});
  CHECK(p.dims == std::vector<int64_t>{6, 20});
  CHECK(p.src_strides == std::vector<int64_t>{0, 1});
  p = broadcast_plan({2, 3}, {2, 3});
  CHECK(p.dims == std::vector<int64_t>{6});
  CHECK(p.src_strides == std::vector<int64_t>{1});
  CHECK(broadcast_plan({1}, {1, 1}).dims.empty());
}

TEST_CASE("Expand: kernels match the reference, every width") {
  const std::pair<Shape, Shape> cases[] = {
      {{3, 1}, {2, 3, 6}}, {{1}, {4, 5}},       {{}, {3, 2}},       {{5}, {7, 5}},        {{2, 1, 3}, {2, 4, 3}},
      {{4, 1, 1}, {4, 3, 2}}, {{1, 3, 1}, {2, 3, 5}}, {{2, 3}, {2, 3}}, {{1, 2}, {0, 2}},  {{3, 1}, {1, 2, 3, 33}}};
  for (ElementType type : kEveryWidth) {
    CAPTURE(name_of(type));
    for (const auto& entry : cases) {  // no structured binding: clang 14 cannot capture one
      const auto& in = std::get<0>(entry);
      const auto& out = std::get<1>(entry);
      CAPTURE(shape_to_string(in));
      CAPTURE(shape_to_string(out));
      const Tensor x = patterned(type, in);
      const Shape shape = expand_output_shape(in, out);
      CHECK(expand(x, shape).identical_to(naive_expand(x, shape)));
    }
  }
}

TEST_CASE("Expand: a float example by hand") {
  const Tensor y = expand(floats({3, 1}, {1, 2, 3}), {2, 3, 2});
  CHECK(float_values(y) == std::vector<float>{1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3});
}

// ---------------------------------------------------------------------------------------------
// Tile

TEST_CASE("Tile: output shapes") {
  CHECK(tile_output_shape({2, 3}, std::vector<int64_t>{1, 2}) == Shape{2, 6});
  CHECK(tile_output_shape({2, 3}, std::vector<int64_t>{0, 2}) == Shape{0, 6});
  CHECK(tile_output_shape({}, std::vector<int64_t>{}) == Shape{});
  CHECK(tile_output_shape({0, 3}, std::vector<int64_t>{kMax, 1}) == Shape{0, 3});
  CHECK(tile_output_shape({1}, std::vector<int64_t>{kMax}) == Shape{kMax});
}

TEST_CASE("Tile: errors") {
  CHECK_THROWS_WITH_AS(tile_output_shape({2, 3}, std::vector<int64_t>{2}),
                       "repeats has 1 entries but the input has rank 2; it needs one per input dimension", Error);
  CHECK_THROWS_WITH_AS(tile_output_shape({}, std::vector<int64_t>{2}),
                       "repeats has 1 entries but the input has rank 0; it needs one per input dimension", Error);
  CHECK_THROWS_WITH_AS(tile_output_shape({2, 3}, std::vector<int64_t>{1, -1}), "repeats[1] = -1 is negative", Error);
  CHECK_THROWS_WITH_AS(tile_output_shape({2, 3}, std::vector<int64_t>{kMin, 1}), "repeats[0] = -9223372036854775808 is negative",
                       Error);
  CHECK_THROWS_WITH_AS(tile_output_shape({2, 3}, std::vector<int64_t>{kMax, 1}),
                       "repeats[0] = 9223372036854775807 times input dimension 0 (2) overflows int64", Error);
  CHECK_THROWS_WITH_AS(tile_output_shape({4, 4}, std::vector<int64_t>{1LL << 31, 1LL << 31}),
                       "tiling [4, 4] gives the shape [8589934592, 8589934592], whose element count overflows int64", Error);
  // Countable but far beyond memory: refused before allocating.
  CHECK_THROWS_AS(tile(Tensor::zeros(T::Float, {2, 2}), std::vector<int64_t>{1000000, 1000000}), Error);
}

TEST_CASE("Tile-1: tiles and axis") {
  CHECK(tile1_repeats({2, 3}, 3, 0) == std::vector<int64_t>{3, 1});
  CHECK(tile1_repeats({2, 3}, 0, 1) == std::vector<int64_t>{1, 0});
  CHECK_THROWS_WITH_AS(tile1_repeats({2, 3}, 2, 2), "axis = 2 is out of range for rank 2 (valid: 0 to 1)", Error);
  CHECK_THROWS_WITH_AS(tile1_repeats({2, 3}, 2, -1), "axis = -1 is out of range for rank 2 (valid: 0 to 1)", Error);
  CHECK_THROWS_WITH_AS(tile1_repeats({}, 2, 0), "axis = 0 is out of range for rank 0 (a scalar has no axis)", Error);
  CHECK_THROWS_WITH_AS(tile1_repeats({2}, -3, 0), "tiles = -3 is negative", Error);
  CHECK(integer_from_float_tensor(floats({}, {3}), "tiles") == 3);
  CHECK(integer_from_float_tensor(floats({1}, {-0.0f}), "tiles") == 0);
  CHECK(integer_from_float_tensor(Tensor::from_values<double>(T::Double, {}, {-9223372036854775808.0}), "axis") == kMin);
  CHECK(integer_from_float_tensor(Tensor::from_values<uint16_t>(T::Float16, {1, 1}, {0x4200}), "tiles") == 3);  // 3.0
  CHECK_THROWS_WITH_AS(integer_from_float_tensor(floats({}, {2.5f}), "tiles"), "tiles = 2.5 is not an integer that fits int64", Error);
  CHECK_THROWS_WITH_AS(integer_from_float_tensor(floats({}, {NAN}), "axis"), "axis = nan is not an integer that fits int64", Error);
  CHECK_THROWS_WITH_AS(integer_from_float_tensor(floats({}, {INFINITY}), "tiles"), "tiles = inf is not an integer that fits int64",
                       Error);
  CHECK_THROWS_WITH_AS(integer_from_float_tensor(Tensor::from_values<double>(T::Double, {}, {9223372036854775808.0}), "tiles"),
                       "tiles = 9.2233720368547758e+18 is not an integer that fits int64", Error);
  CHECK_THROWS_WITH_AS(integer_from_float_tensor(floats({2}, {1, 2}), "tiles"), "tiles must hold one value, but it is float[2]", Error);
  CHECK_THROWS_WITH_AS(integer_from_float_tensor(floats({0}, {}), "axis"), "axis must hold one value, but it is float[0]", Error);
}

TEST_CASE("Tile: kernels match the reference, every width") {
  const std::pair<Shape, std::vector<int64_t>> cases[] = {
      {{2, 3}, {1, 2}}, {{2, 3}, {3, 1}}, {{2, 3}, {2, 2}},     {{}, {}},          {{5}, {7}},          {{1, 1}, {3, 4}},
      {{2, 3}, {0, 2}}, {{2, 1, 3}, {1, 5, 1}}, {{3, 2, 2}, {2, 1, 3}}, {{2, 3}, {1, 1}}, {{1, 4, 1}, {3, 1, 2}}, {{3}, {1}}};
  for (ElementType type : kEveryWidth) {
    CAPTURE(name_of(type));
    for (const auto& entry : cases) {  // no structured binding: clang 14 cannot capture one
      const auto& in = std::get<0>(entry);
      const auto& reps = std::get<1>(entry);
      CAPTURE(shape_to_string(in));
      CAPTURE(shape_to_string(reps));
      const Tensor x = patterned(type, in);
      CHECK(tile(x, reps).identical_to(naive_tile(x, reps)));
    }
  }
}

TEST_CASE("Tile: a float example by hand") {
  const Tensor y = tile(floats({2, 2}, {1, 2, 3, 4}), std::vector<int64_t>{2, 2});
  CHECK(y.shape() == Shape{4, 4});
  CHECK(float_values(y) == std::vector<float>{1, 2, 1, 2, 3, 4, 3, 4, 1, 2, 1, 2, 3, 4, 3, 4});
}

TEST_CASE("Tile-1: through a model, tiles and axis of the data's float type") {
  ModelBuilder b(1);
  b.ir_version(3);
  b.input("x", T::Float, {2, 2}).input("tiles", T::Float, {}).input("axis", T::Float, {}).output("y");
  b.node("Tile", {"x", "tiles", "axis"}, {"y"}).set_name("t");
  const Model m = b.build();
  const Tensor x = floats({2, 2}, {1, 2, 3, 4});
  auto out = m.run({{"x", x}, {"tiles", floats({}, {3})}, {"axis", floats({}, {1})}});
  CHECK(out[0].second.tensor().shape() == Shape{2, 6});
  CHECK(float_values(out[0].second.tensor()) == std::vector<float>{1, 2, 1, 2, 1, 2, 3, 4, 3, 4, 3, 4});
  out = m.run({{"x", x}, {"tiles", floats({}, {2})}, {"axis", floats({}, {0})}});
  CHECK(float_values(out[0].second.tensor()) == std::vector<float>{1, 2, 3, 4, 1, 2, 3, 4});
  CHECK_THROWS_WITH_AS(m.run({{"x", x}, {"tiles", floats({}, {1.5f})}, {"axis", floats({}, {0})}}),
                       "test.onnx: node 't' (#0, Tile-1): tiles = 1.5 is not an integer that fits int64", Error);
  CHECK_THROWS_WITH_AS(m.run({{"x", x}, {"tiles", floats({}, {2})}, {"axis", floats({}, {2})}}),
                       "test.onnx: node 't' (#0, Tile-1): axis = 2 is out of range for rank 2 (valid: 0 to 1)", Error);
}

// ---------------------------------------------------------------------------------------------
// Where

TEST_CASE("Where: output shape is the three-way broadcast") {
  CHECK(where_output_shape({2, 1}, {1, 3}, {}) == Shape{2, 3});
  CHECK(where_output_shape({}, {}, {}) == Shape{});
  CHECK(where_output_shape({4, 1, 1}, {3, 1}, {2}) == Shape{4, 3, 2});
  CHECK(where_output_shape({0}, {1}, {1}) == Shape{0});
  CHECK_THROWS_WITH_AS(where_output_shape({2}, {3}, {1}), "shapes [2] and [3] cannot be broadcast (dimension 2 vs 3)", Error);
  CHECK_THROWS_WITH_AS(where_output_shape({4294967296, 1}, {1, 4294967296}, {}),
                       "condition [4294967296, 1], X [1, 4294967296] and Y [] broadcast to [4294967296, 4294967296], whose element count overflows int64",
                       Error);
  CHECK_THROWS_WITH_AS(where_output_shape({1}, {3}, {2, 4}), "shapes [3] and [2, 4] cannot be broadcast (dimension 3 vs 4)", Error);
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
  const Shape shapes[][3] = {{{2, 3}, {2, 3}, {2, 3}}, {{2, 1}, {1, 3}, {}},  {{3}, {2, 3}, {1}},  {{}, {2, 3}, {3}},
                             {{1, 5}, {4, 1}, {4, 5}}, {{2, 1, 7}, {7}, {3, 1}}, {{0, 3}, {3}, {}}, {{9}, {1}, {9}}};
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
        if (c.data_as<uint8_t>()[ci]) copy_elements(x, broadcast_source(s[1], out, idx), want, flat, 1);
        else copy_elements(y, broadcast_source(s[2], out, idx), want, flat, 1);
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

// ---------------------------------------------------------------------------------------------
// Compress

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
  CHECK_THROWS_WITH_AS(compress_axis(kMin, 3, true), "axis = -9223372036854775808 is out of range for rank 3 (valid: -3 to 2)", Error);
  CHECK_THROWS_WITH_AS(compress_axis(0, 0, true), "axis = 0 is out of range: the input is a scalar, which has no axis", Error);
  CHECK_THROWS_WITH_AS(check_condition_length(4, 3, 1), "condition has 4 entries but axis 1 has size 3; it may be shorter, not longer",
                       Error);
  CHECK_THROWS_WITH_AS(check_condition_length(7, 6, std::nullopt),
                       "condition has 7 entries but the input has 6 elements (no axis: the input is flattened); it may be shorter, not longer",
                       Error);
  CHECK_NOTHROW(check_condition_length(0, 3, 0));
  CHECK_NOTHROW(check_condition_length(3, 3, 0));
  CHECK_THROWS_WITH_AS(compress(floats({2}, {1, 2}), bools({1, 1}, {1}), 0), "condition must be 1-D, but it is bool[1, 1]", Error);
  CHECK_THROWS_WITH_AS(compress(floats({2}, {1, 2}), bools({}, {1}), std::nullopt), "condition must be 1-D, but it is bool[]", Error);
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
        for (size_t d = 0; d < 3; ++d) src += (d == static_cast<size_t>(axis) ? kept[static_cast<size_t>(idx[d])] : idx[d]) * st[d];
        copy_elements(x, src, want, flat, 1);
      });
      CHECK(got.identical_to(want));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// NonZero

TEST_CASE("NonZero: floats are non-zero when unequal to 0: NaN counts, -0 does not") {
  const Tensor f = floats({6}, {0.0f, -0.0f, NAN, 1e-45f, -INFINITY, 1});
  CHECK(nonzero_flat_indices(f) == std::vector<int64_t>{2, 3, 4, 5});
  const Tensor h = Tensor::from_values<uint16_t>(T::Float16, {4}, {0x0000, 0x8000, 0x0001, 0x7E00});
  CHECK(nonzero_flat_indices(h) == std::vector<int64_t>{2, 3});
  const Tensor bf = Tensor::from_values<uint16_t>(T::BFloat16, {3}, {0x8000, 0x3F80, 0x0000});
  CHECK(nonzero_flat_indices(bf) == std::vector<int64_t>{1});
  const Tensor d = Tensor::from_values<double>(T::Double, {3}, {-0.0, 5e-324, 0.0});
  CHECK(nonzero_flat_indices(d) == std::vector<int64_t>{1});
  const Tensor c64 = Tensor::from_values<std::complex<float>>(T::Complex64, {4}, {{0, 0}, {-0.0f, -0.0f}, {0, 1}, {2, 0}});
  CHECK(nonzero_flat_indices(c64) == std::vector<int64_t>{2, 3});
  const Tensor c128 = Tensor::from_values<std::complex<double>>(T::Complex128, {3}, {{-0.0, 0}, {0, NAN}, {0, 0}});
  CHECK(nonzero_flat_indices(c128) == std::vector<int64_t>{1});
}

TEST_CASE("NonZero: integers, bool and strings") {
  CHECK(nonzero_flat_indices(int64s({4}, {0, kMin, 0, 1})) == std::vector<int64_t>{1, 3});
  CHECK(nonzero_flat_indices(Tensor::from_values<int8_t>(T::Int8, {3}, {-128, 0, 1})) == std::vector<int64_t>{0, 2});
  CHECK(nonzero_flat_indices(Tensor::from_values<uint32_t>(T::UInt32, {2}, {0x80000000u, 0})) == std::vector<int64_t>{0});
  CHECK(nonzero_flat_indices(bools({3}, {1, 0, 1})) == std::vector<int64_t>{0, 2});
  CHECK(nonzero_flat_indices(Tensor::from_strings({4}, {"", "a", std::string(1, '\0'), ""})) == std::vector<int64_t>{1, 2});
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

// ---------------------------------------------------------------------------------------------
// Through models: attribute checks at load, type constraints.

TEST_CASE("Transpose: a perm that is no permutation is refused when the model loads") {
  ModelBuilder b(13);
  b.input("x", T::Float, {2, 3}).output("y");
  set_ints(b.node("Transpose", {"x"}, {"y"}), "perm", {1, 1});
  CHECK_THROWS_WITH_AS(b.build(), doctest::Contains("perm[1] = 1 repeats perm[0]; perm must be a permutation of 0 to 1"), Error);
  ModelBuilder ok(13);
  ok.input("x", T::Float, {2, 3}).output("y");
  auto& node = ok.node("Transpose", {"x"}, {"y"});
  node.set_name("t");
  set_ints(node, "perm", {0, 1, 2});
  const Model m = ok.build();  // valid on its own; the rank is only known when it runs
  CHECK_THROWS_WITH_AS(m.run({{"x", floats({2, 3}, {1, 2, 3, 4, 5, 6})}}),
                       "test.onnx: node 't' (#0, Transpose-13): perm has 3 entries but the input has rank 2", Error);
}

TEST_CASE("Transpose-21 and 25: int4 and uint2 through a model") {
  ModelBuilder b(25);
  b.ir_version(13);
  b.input("x", T::UInt2, {2, 3}).output("y");
  b.node("Transpose", {"x"}, {"y"});
  Tensor x = Tensor::zeros(T::UInt2, {2, 3});
  const uint8_t xb[] = {0xE4, 0x09};  // 0 1 2 3 | 1 2
  std::memcpy(x.mutable_data(), xb, 2);
  const Tensor y = b.build().run({{"x", x}})[0].second.tensor();
  CHECK(y.shape() == Shape{3, 2});
  CHECK(y.identical_to(naive_transpose(x, {1, 0})));
}
