// Constant, ConstantOfShape, EyeLike and Range: the attribute and input rules of the ONNX 1.22.0
// text, each check citing its sentence. Expected values by hand and from the text's examples.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace generator_spec_rules_tests {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

Tensor i64(Shape s, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(T::Int64, std::move(s), v); }

OpTester constant(int64_t v, const std::function<void(OpTester&)>& attrs) {
  OpTester t("Constant", v);
  attrs(t);
  return t;
}

// spec: Constant-*: "Output tensor containing the same value of the provided tensor."
// spec: Constant-11: "Exactly one of the two attributes, either value or sparse_value, must be specified."
// spec: Constant-12,13,19,21,23,24,25: "Exactly one of the provided attributes, either value, sparse_value, or value_* must be specified."
TEST_CASE("Constant, every version: the value attribute's tensor; exactly one value attribute") {
  const Tensor value = Tensor::from_values<float>(T::Float, {2}, {1.5f, -2});
  for (int64_t v : {1, 9, 11, 12, 13, 19, 21, 23, 24, 25}) {
    INFO("Constant-", v);
    const Tensor y = constant(v, [&](OpTester& t) { t.attribute("value", value); }).run_tensor();
    CHECK(y.identical_to(value));
    CHECK_THROWS_AS(constant(v, [](OpTester&) {}).run(), Error);
    if (v >= 12) {
      CHECK_THROWS_AS(constant(v, [&](OpTester& t) { t.attribute("value", value).attribute("value_float", 1.0f); }).run(), Error);
      CHECK_THROWS_AS(constant(v, [](OpTester& t) { t.attribute("value_int", int64_t{1}).attribute("value_float", 1.0f); }).run(), Error);
    }
  }
}

// spec: Constant-12,13,19,21,23,24,25: "The value for the sole element for the scalar, float32, output tensor."
// spec: Constant-12,13,19,21,23,24,25: "The value for the sole element for the scalar, int64, output tensor."
// spec: Constant-12,13,19,21,23,24,25: "The value for the sole element for the scalar, UTF-8 string, output tensor."
TEST_CASE("Constant 12 and later: value_float, value_int and value_string give scalars of float, int64 and string") {
  for (int64_t v : {12, 13, 19, 21, 23, 24, 25}) {
    INFO("Constant-", v);
    const Tensor f = constant(v, [](OpTester& t) { t.attribute("value_float", 0.25f); }).run_tensor();
    CHECK(f.type() == T::Float);
    CHECK(f.shape() == Shape{});
    CHECK(f.data_as<float>()[0] == 0.25f);
    const Tensor i = constant(v, [](OpTester& t) { t.attribute("value_int", int64_t{-7}); }).run_tensor();
    CHECK(i.type() == T::Int64);
    CHECK(i.shape() == Shape{});
    CHECK(i.data_as<int64_t>()[0] == -7);
    const Tensor s = constant(v, [](OpTester& t) { t.attribute("value_string", "h\xC3\xA9"); }).run_tensor();
    CHECK(s.type() == T::String);
    CHECK(s.shape() == Shape{});
    CHECK(s.strings() == std::vector<std::string>{"h\xC3\xA9"});
  }
}

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
    CHECK(std::vector<int32_t>(y.data_as<int32_t>(), y.data_as<int32_t>() + 6) == std::vector<int32_t>{1, 0, 0, 0, 1, 0});
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

// The text's examples: start 3, limit 9, delta 3 gives [3, 6]; start 10, limit 4, delta -2 gives [10, 8, 6].
// spec: Range-11,27: "The number of elements in the output of range is computed as below:"
// spec: Range-11,27: "First entry for the range of output values."
// spec: Range-11,27: "Exclusive upper limit for the range of output values."
// spec: Range-11,27: "A 1-D tensor with same type as the inputs containing generated range of values."
// spec: Range-11,27: "Scalar."
TEST_CASE("Range, every version: the text's two examples; scalar inputs; a 1-D output of their type") {
  const auto range = [](int64_t v, int64_t start, int64_t limit, int64_t delta) {
    OpTester t("Range", v);
    t.input(Value(i64({}, {start}))).input(Value(i64({}, {limit}))).input(Value(i64({}, {delta})));
    return t.run_tensor();
  };
  const auto ints = [](const Tensor& t) { return std::vector<int64_t>(t.data_as<int64_t>(), t.data_as<int64_t>() + t.element_count()); };
  for (int64_t v : {11, 27}) {
    INFO("Range-", v);
    const Tensor a = range(v, 3, 9, 3);
    REQUIRE(a.type() == T::Int64);
    CHECK(a.shape() == Shape{2});
    CHECK(ints(a) == std::vector<int64_t>{3, 6});
    CHECK(ints(range(v, 10, 4, -2)) == std::vector<int64_t>{10, 8, 6});
    CHECK(range(v, 5, 1, 1).shape() == Shape{0});  // max(ceil(-4), 0) = 0
    OpTester two("Range", v);
    two.input(Value(i64({2}, {1, 2}))).input(Value(i64({}, {5}))).input(Value(i64({}, {1})));
    CHECK_THROWS_AS(two.run(), Error);
  }
}

}  // namespace generator_spec_rules_tests
