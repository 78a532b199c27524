// Unit tests of ops/generators/eye_like.cpp.
#include <doctest/doctest.h>
#include "helpers/generator_rules.h"
#include "helpers/generator_spec_rules.h"
#include "helpers/generators.h"
#include "node_runner.h"
#include "runtime/error.h"

TEST_CASE("EyeLike: ones on the shifted diagonal, in the input's type or dtype") {
  Attributes a;
  a.set("k", int64_t{1});
  const Tensor x = Tensor::zeros(T::Int32, {3, 4});
  const Tensor y = run_kernel("EyeLike", 9, {Value(x)}, a)[0].tensor();
  CHECK(y.identical_to(Tensor::from_values<int32_t>(T::Int32, {3, 4}, {0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1})));
  a.set("k", int64_t{-2});
  a.set("dtype", int64_t{9});  // bool
  const Tensor b = run_kernel("EyeLike", 9, {Value(x)}, a)[0].tensor();
  CHECK(b.identical_to(Tensor::from_values<uint8_t>(T::Bool, {3, 4}, {0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0})));
  a.set("dtype", int64_t{16});
  a.set("k", int64_t{0});
  const Tensor bf = run_kernel("EyeLike", 22, {Value(Tensor::zeros(T::Float, {2, 2}))}, a)[0].tensor();
  CHECK(bf.identical_to(Tensor::from_values<uint16_t>(T::BFloat16, {2, 2}, {0x3F80, 0, 0, 0x3F80})));
  a.set("dtype", int64_t{10});
  const Tensor h = run_kernel("EyeLike", 9, {Value(Tensor::zeros(T::Float, {1, 2}))}, a)[0].tensor();
  CHECK(h.identical_to(Tensor::from_values<uint16_t>(T::Float16, {1, 2}, {0x3C00, 0})));
  for (int64_t k : {kMin, kMax, int64_t{4}, int64_t{-3}}) {
    a.set("k", k);
    CHECK(run_kernel("EyeLike", 9, {Value(x)}, a)[0].tensor().identical_to(Tensor::zeros(T::Float16, {3, 4})));
  }
  a.set("k", int64_t{0});
  CHECK(run_kernel("EyeLike", 9, {Value(Tensor::zeros(T::Int8, {0, 3}))}, a)[0].tensor().shape() == Shape{0, 3});
  CHECK_THROWS_WITH_AS(run_kernel("EyeLike", 9, {Value(Tensor::zeros(T::Int8, {3}))}, a),
                       "the input must be 2-D, but it is int8[3]", Error);
  CHECK_THROWS_WITH_AS(run_kernel("EyeLike", 9, {Value(Tensor::zeros(T::Int8, {1, 1, 1}))}, a),
                       "the input must be 2-D, but it is int8[1, 1, 1]", Error);
}

TEST_CASE("EyeLike: dtype is checked at load") {
  const auto model = [](int64_t opset, int64_t dtype) {
    ModelBuilder b(opset);
    b.input("x", T::Float, {2, 2}).output("y");
    auto& n = b.node("EyeLike", {"x"}, {"y"});
    n.set_name("e");
    set_int(n, "dtype", dtype);
    return b;
  };
  CHECK(load_error(model(9, 99)) ==
        "test.onnx: node 'e' (#0, EyeLike-9): attribute 'dtype' = 99 is not a defined element type");
  CHECK(load_error(model(9, 16)) ==
        doctest::Contains("output 0 ('output') would be tensor(bfloat16), which EyeLike-9 does not allow for T2"));
  CHECK(load_error(model(22, 16)) == "(loaded)");
  CHECK(load_error(model(22, 8)) == doctest::Contains("would be tensor(string)"));
  CHECK(load_error(model(22, 14)) == doctest::Contains("would be tensor(complex64)"));
  CHECK(load_error(model(22, kMin)) ==
        doctest::Contains("attribute 'dtype' = -9223372036854775808 is not a defined element type"));
}

// The rules of the ONNX 1.22.0 text, each test citing its sentence.
// spec: EyeLike-9,22: "Only 2D tensors are supported, i.e. input T1 must be of rank 2."
// spec: EyeLike-9,22: "The shape of the output tensor is the same as the input tensor."
// spec: EyeLike-9,22: "By default, the main diagonal is populated with ones, but attribute 'k' can be used to populate upper or lower diagonals."
TEST_CASE("EyeLike-9 and -22: a rank-2 input's shape, ones on diagonal k; other ranks refused") {
  for (int opset : {9, 22}) {
    CAPTURE(opset);
    const auto eye_like = [opset](Shape shape) {
      return testing::OpTester("EyeLike", opset).input(Value(Tensor::zeros(ElementType::Float, shape)));
    };
    const Tensor y = eye_like({2, 3}).run_tensor();
    REQUIRE(y.shape() == Shape{2, 3});
    const std::vector<float> identity{1, 0, 0, 0, 1, 0};
    for (size_t i = 0; i < 6; ++i) CHECK(y.data_as<float>()[i] == identity[i]);
    const Tensor upper = eye_like({2, 3}).attribute("k", int64_t{1}).run_tensor();
    const std::vector<float> shifted{0, 1, 0, 0, 0, 1};
    for (size_t i = 0; i < 6; ++i) CHECK(upper.data_as<float>()[i] == shifted[i]);
    CHECK_THROWS_AS(eye_like({2, 2, 2}).run_tensor(), Error);
    CHECK_THROWS_AS(eye_like({4}).run_tensor(), Error);
  }
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
  CHECK_THROWS_WITH_AS(eye_like_dtype(kMax), "attribute 'dtype' = 9223372036854775807 is not a defined element type",
                       Error);
  CHECK_THROWS_AS(eye_like_dtype(kMin), Error);
  CHECK_THROWS_AS(eye_like_dtype(int64_t{1} << 32 | 1), Error);  // would truncate to 1
}

namespace generator_spec_rules_tests {

// spec: EyeLike-9,22: "Default is 0."
// spec: EyeLike-9: "If input tensor T1 is also notspecified, then type defaults to 'float'."
// spec: EyeLike-9,22: "The 'dtype' argument must be one of the data types specified in the 'DataType' enum field in the TensorProto message and be valid as an output type."
// spec: EyeLike-9,22: "Strings and complex are not supported."
TEST_CASE("EyeLike, every version: the main diagonal (k = 0) by default, the input's type; dtype checked") {
  const Tensor x = Tensor::zeros(T::Int32, {2, 3});
  for (int64_t v : {9, 22}) {
    INFO("EyeLike-", v);
    OpTester t("EyeLike", v);
    t.input(Value(x));
    const Tensor y = t.run_tensor();
    REQUIRE(y.type() == T::Int32);
    CHECK(std::vector<int32_t>(y.data_as<int32_t>(), y.data_as<int32_t>() + 6) ==
          std::vector<int32_t>{1, 0, 0, 0, 1, 0});
    OpTester d("EyeLike", v);
    d.input(Value(x)).attribute("dtype", static_cast<int64_t>(code_of(T::Double)));
    CHECK(d.run_tensor().type() == T::Double);
    OpTester bad("EyeLike", v);
    bad.input(Value(x)).attribute("dtype", static_cast<int64_t>(code_of(T::String)));
    CHECK_THROWS_AS(bad.run(), Error);
    OpTester strings("EyeLike", v);
    strings.input(Value(Tensor::from_strings({1, 1}, {"a"})));
    CHECK_THROWS_AS(strings.run(), Error);
  }
}

}  // namespace generator_spec_rules_tests
