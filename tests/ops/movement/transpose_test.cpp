// Unit tests of ops/movement/transpose.cpp.
#include "helpers/layout_ops.h"

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
  CHECK_THROWS_WITH_AS(transpose_perm(3, std::vector<int64_t>{0, 1}), "perm has 2 entries but the input has rank 3",
                       Error);
  CHECK_THROWS_WITH_AS(transpose_perm(2, std::vector<int64_t>{0, 1, 2}), "perm has 3 entries but the input has rank 2",
                       Error);
  CHECK_THROWS_WITH_AS(transpose_perm(2, std::vector<int64_t>{}), "perm has 0 entries but the input has rank 2", Error);
  CHECK(transpose_perm(0, std::vector<int64_t>{}).empty());  // an empty perm fits a scalar
  CHECK_THROWS_WITH_AS(transpose_perm(3, std::vector<int64_t>{0, 3, 1}),
                       "perm[1] = 3 is out of range: perm has 3 entries, so it must be a permutation of 0 to 2", Error);
  CHECK_THROWS_WITH_AS(transpose_perm(3, std::vector<int64_t>{0, -1, 1}),
                       "perm[1] = -1 is out of range: perm has 3 entries, so it must be a permutation of 0 to 2",
                       Error);
  CHECK_THROWS_WITH_AS(
      transpose_perm(2, std::vector<int64_t>{kMin, 0}),
      "perm[0] = -9223372036854775808 is out of range: perm has 2 entries, so it must be a permutation of 0 to 1",
      Error);
  CHECK_THROWS_WITH_AS(
      transpose_perm(2, std::vector<int64_t>{0, kMax}),
      "perm[1] = 9223372036854775807 is out of range: perm has 2 entries, so it must be a permutation of 0 to 1",
      Error);
  CHECK_THROWS_WITH_AS(transpose_perm(3, std::vector<int64_t>{2, 0, 2}),
                       "perm[2] = 2 repeats perm[0]; perm must be a permutation of 0 to 2", Error);
  CHECK_THROWS_WITH_AS(check_perm_values(std::vector<int64_t>{1, 1}),
                       "perm[1] = 1 repeats perm[0]; perm must be a permutation of 0 to 1", Error);
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

TEST_CASE("Transpose: a perm that is no permutation is refused when the model loads") {
  ModelBuilder b(13);
  b.input("x", T::Float, {2, 3}).output("y");
  set_ints(b.node("Transpose", {"x"}, {"y"}), "perm", {1, 1});
  CHECK_THROWS_WITH_AS(b.build(),
                       doctest::Contains("perm[1] = 1 repeats perm[0]; perm must be a permutation of 0 to 1"), Error);
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
