// Unit tests of ops/generators/eye_like.cpp.
#include "helpers/generators.h"
#include <doctest/doctest.h>
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
  CHECK(load_error(model(9, 99)) == "test.onnx: node 'e' (#0, EyeLike-9): attribute 'dtype' = 99 is not a defined element type");
  CHECK(load_error(model(9, 16)) == doctest::Contains("output 0 ('output') would be tensor(bfloat16), which EyeLike-9 does not allow for T2"));
  CHECK(load_error(model(22, 16)) == "(loaded)");
  CHECK(load_error(model(22, 8)) == doctest::Contains("would be tensor(string)"));
  CHECK(load_error(model(22, 14)) == doctest::Contains("would be tensor(complex64)"));
  CHECK(load_error(model(22, kMin)) == doctest::Contains("attribute 'dtype' = -9223372036854775808 is not a defined element type"));
}

// The rules of the ONNX 1.22.0 text, each test citing its sentence.
// spec: EyeLike-9,22: "Only 2D tensors are supported, i.e. input T1 must be of rank 2."
// spec: EyeLike-9,22: "The shape of the output tensor is the same as the input tensor."
// spec: EyeLike-9,22: "By default, the main diagonal is populated with ones, but attribute 'k' can be used to populate upper or lower diagonals."
TEST_CASE("EyeLike-9 and -22: a rank-2 input's shape, ones on diagonal k; other ranks refused") {
  for (int opset : {9, 22}) {
    CAPTURE(opset);
    const auto eye_like = [opset](Shape shape) { return testing::OpTester("EyeLike", opset).input(Value(Tensor::zeros(ElementType::Float, shape))); };
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
