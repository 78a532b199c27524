// Unit tests of ops/generators/constant_of_shape.cpp.
#include <doctest/doctest.h>
#include "helpers/generator_rules.h"
#include "helpers/generator_spec_rules.h"
#include "helpers/generators.h"
#include "node_runner.h"
#include "runtime/error.h"

TEST_CASE("ConstantOfShape: the value filled into the shape; default float 0") {
  const Tensor shape = int64_tensor({2, 3});
  Attributes none;
  CHECK(
      run_kernel("ConstantOfShape", 9, {Value(shape)}, none)[0].tensor().identical_to(Tensor::zeros(T::Float, {2, 3})));
  // Strings and complex numbers are outside T2 (the loader refuses them); the fill itself copies
  // any element by its bytes.
  Attributes c;
  Tensor cv = Tensor::zeros(T::Complex128, {1});
  const double parts[2] = {1.0, -2.0};
  std::memcpy(cv.mutable_data(), parts, sizeof parts);
  c.set("value", cv);
  const Tensor cout = run_kernel_only("ConstantOfShape", 25, {Value(int64_tensor({2}))}, c)[0].tensor();
  CHECK(cout.shape() == Shape{2});
  CHECK(std::memcmp(cout.data() + 16, parts, sizeof parts) == 0);
  Attributes s;
  s.set("value", Tensor::from_strings({1}, {"q"}));
  CHECK(run_kernel_only("ConstantOfShape", 25, {Value(int64_tensor({2}))}, s)[0].tensor().strings() ==
        std::vector<std::string>{"q", "q"});
  Attributes i4;
  Tensor v4 = Tensor::zeros(T::Int4, {1});
  v4.mutable_data()[0] = std::byte{0x0D};  // -3
  i4.set("value", v4);
  const Tensor out4 = run_kernel("ConstantOfShape", 21, {Value(int64_tensor({3}))}, i4)[0].tensor();
  CHECK(out4.shape() == Shape{3});
  CHECK(static_cast<int>(out4.data()[0]) == 0xDD);
  CHECK(static_cast<int>(out4.data()[1]) == 0x0D);
  const Tensor scalar = run_kernel("ConstantOfShape", 9, {Value(int64_tensor({}))}, none)[0].tensor();
  CHECK(scalar.shape() == Shape{});
  CHECK_THROWS_WITH_AS(run_kernel("ConstantOfShape", 9, {Value(int64_tensor({2, -3}))}, none),
                       "shape[1] = -3 is negative; dimensions must be non-negative", Error);
  CHECK_THROWS_WITH_AS(run_kernel("ConstantOfShape", 9, {Value(int64_tensor({1 << 20, 1 << 20, 1 << 20}))}, none),
                       doctest::Contains("float[1048576, 1048576, 1048576] needs 4611686018427387904 bytes"), Error);
  CHECK_THROWS_WITH_AS(run_kernel("ConstantOfShape", 9, {Value(Tensor::zeros(T::Int64, {1, 2}))}, none),
                       "the shape input must be 1-D, but it is int64[1, 2]", Error);
}

TEST_CASE("ConstantOfShape: the value attribute and output type are checked at load") {
  const auto model = [](int64_t opset, std::optional<Tensor> value) {
    ModelBuilder b(opset);
    b.input("s", T::Int64, {2}).output("y");
    auto& n = b.node("ConstantOfShape", {"s"}, {"y"});
    n.set_name("k");
    if (value) set_tensor(n, "value", *value);
    return b;
  };
  CHECK(load_error(model(9, Tensor::zeros(T::Float, {2}))) ==
        "test.onnx: node 'k' (#0, ConstantOfShape-9): attribute 'value' must hold exactly one element, but it is "
        "float[2]");
  CHECK(load_error(model(9, Tensor::zeros(T::Float, {0}))) == doctest::Contains("but it is float[0]"));
  CHECK(load_error(model(9, Tensor::zeros(T::Float, {1, 1}))) == "(loaded)");
  CHECK(load_error(model(9, Tensor::zeros(T::BFloat16, {1}))) ==
        doctest::Contains(
            "output 0 ('output') would be tensor(bfloat16), which ConstantOfShape-9 does not allow for T2"));
  CHECK(load_error(model(20, Tensor::zeros(T::BFloat16, {1}))) == "(loaded)");
  CHECK(load_error(model(25, Tensor::from_strings({1}, {"s"}))) == doctest::Contains("would be tensor(string)"));
  CHECK(load_error(model(25, Tensor::zeros(T::Complex64, {1}))) == doctest::Contains("would be tensor(complex64)"));
  CHECK(load_error(model(24, Tensor::zeros(T::UInt2, {1}))) == doctest::Contains("would be tensor(uint2)"));
  CHECK(load_error(model(25, Tensor::zeros(T::UInt2, {1}))) == "(loaded)");
  CHECK(load_error(model(9, std::nullopt)) == "(loaded)");
}

// spec: ConstantOfShape-*: "If not specified, it defaults to a tensor of value 0 and datatype float32"
// spec: ConstantOfShape-*: "If empty tensor is given, the output would be a scalar."
// spec: ConstantOfShape-*: "All values must be >= 0."
TEST_CASE(
    "ConstantOfShape, every version: float32 zeros by default, a scalar for an empty shape, negative sizes refused") {
  for (int opset : {9, 20, 21, 23, 24, 25}) {
    CAPTURE(opset);
    const Tensor y = run_single_node("ConstantOfShape", opset, {int64_tensor({2, 3})});
    CHECK(y.type() == T::Float);
    CHECK(y.shape() == Shape{2, 3});
    for (int64_t i = 0; i < 6; ++i) CHECK(y.data_as<float>()[i] == 0.0f);
    CHECK(run_single_node("ConstantOfShape", opset, {int64_tensor({})}).shape() == Shape{});
    CHECK_THROWS_AS(run_single_node("ConstantOfShape", opset, {int64_tensor({2, -1})}), Error);
  }
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

namespace generator_spec_rules_tests {

// spec: ConstantOfShape-*: "(Optional) The value of the output elements.Should be a one-element tensor."
// spec: ConstantOfShape-*: "Output tensor of shape specified by 'input'.If attribute 'value' is specified, the value and datatype of the output tensor is taken from 'value'.If attribute 'value' is not specified, the value in the output defaults to 0, and the datatype defaults to float32."
TEST_CASE("ConstantOfShape, every version: the shape of the input, float 0 by default, else the one-element value") {
  for (int64_t v : {9, 20, 21, 23, 24, 25}) {
    INFO("ConstantOfShape-", v);
    OpTester plain("ConstantOfShape", v);
    plain.input(Value(i64({2}, {2, 1})));
    const Tensor y = plain.run_tensor();
    REQUIRE(y.type() == T::Float);
    REQUIRE(y.shape() == Shape{2, 1});
    CHECK(y.data_as<float>()[0] == 0.0f);
    CHECK(y.data_as<float>()[1] == 0.0f);
    OpTester valued("ConstantOfShape", v);
    valued.input(Value(i64({1}, {3}))).attribute("value", Tensor::from_values<int32_t>(T::Int32, {1}, {7}));
    const Tensor z = valued.run_tensor();
    REQUIRE(z.type() == T::Int32);
    CHECK(std::vector<int32_t>(z.data_as<int32_t>(), z.data_as<int32_t>() + 3) == std::vector<int32_t>{7, 7, 7});
    OpTester two("ConstantOfShape", v);
    two.input(Value(i64({1}, {3}))).attribute("value", Tensor::from_values<int32_t>(T::Int32, {2}, {7, 8}));
    CHECK_THROWS_AS(two.run(), Error);
  }
}

}  // namespace generator_spec_rules_tests
