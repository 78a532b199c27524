// Unit tests of ops/generators/constant.cpp.
#include "helpers/generator_rules.h"
#include "helpers/generator_spec_rules.h"
#include "helpers/generators.h"

TEST_CASE("Constant: every version gives its value; the type is checked at load") {
  const Tensor v = Tensor::from_values<float>(T::Float, {2}, {1.5f, -1});
  for (int opset : {1, 9, 11, 12, 13, 19, 21, 23, 24, 25}) {
    CAPTURE(opset);
    CHECK(run_constant(opset, [&](onnx::NodeProto& n) { set_tensor(n, "value", v); }).identical_to(v));
  }
  CHECK(
      load_error(constant_model(1, [](onnx::NodeProto& n) { set_tensor(n, "value", Tensor::zeros(T::Int32, {1})); })) ==
      "test.onnx: node 'c' (#0, Constant-1): output 0 ('output') would be tensor(int32), which Constant-1 does not "
      "allow for T "
      "(allowed: tensor(float), tensor(float16), tensor(double))");
  CHECK(load_error(constant_model(12, [](onnx::NodeProto& n) {
          set_tensor(n, "value", Tensor::zeros(T::BFloat16, {1}));
        })) == doctest::Contains("would be tensor(bfloat16), which Constant-12 does not allow"));
  CHECK(load_error(constant_model(24, [](onnx::NodeProto& n) {
          set_tensor(n, "value", Tensor::zeros(T::Int2, {1}));
        })) == doctest::Contains("would be tensor(int2), which Constant-24 does not allow"));
  CHECK(run_constant(25, [](onnx::NodeProto& n) { set_tensor(n, "value", Tensor::zeros(T::Int2, {5})); }).shape() ==
        Shape{5});
  CHECK(load_error(constant_model(9, [](onnx::NodeProto&) {})) ==
        "test.onnx: node 'c' (#0, Constant-9): required attribute 'value' is not set");
  CHECK(load_error(constant_model(11, [](onnx::NodeProto&) {})) ==
        "test.onnx: node 'c' (#0, Constant-11): exactly one of the attributes sparse_value, value must be set, but "
        "none is");
  CHECK(load_error(constant_model(12,
                                  [&](onnx::NodeProto& n) {
                                    set_tensor(n, "value", v);
                                    set_int(n, "value_int", 1);
                                  })) ==
        "test.onnx: node 'c' (#0, Constant-12): exactly one of the attributes sparse_value, value, value_float, "
        "value_floats, value_int, value_ints, value_string, value_strings must be set, but 2 are: value, value_int");
  CHECK(load_error(constant_model(11, [](onnx::NodeProto& n) { set_int(n, "value_int", 1); })) ==
        "test.onnx: node 'c' (#0, Constant-11): attribute 'value_int' is not an attribute of Constant-11 (it has: "
        "sparse_value, value)");
}

TEST_CASE("Constant: value_* attributes (12 on) and sparse_value (11 on)") {
  CHECK(run_constant(12, [](onnx::NodeProto& n) {
          set_int(n, "value_int", kMax);
        }).identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {kMax})));
  CHECK(run_constant(13, [](onnx::NodeProto& n) {
          set_ints(n, "value_ints", {1, -2});
        }).identical_to(int64_tensor({1, -2})));
  CHECK(run_constant(19, [](onnx::NodeProto& n) {
          auto* a = n.add_attribute();
          a->set_name("value_strings");
          a->set_type(onnx::AttributeProto::STRINGS);
          a->add_strings("x");
          a->add_strings("yz");
        }).identical_to(Tensor::from_strings({2}, {"x", "yz"})));
  CHECK(run_constant(12, [](onnx::NodeProto& n) {
          auto* a = n.add_attribute();
          a->set_name("value_float");
          a->set_type(onnx::AttributeProto::FLOAT);
          a->set_f(0.25f);
        }).identical_to(Tensor::from_values<float>(T::Float, {}, {0.25f})));
  const auto sparse = [](onnx::NodeProto& n) {
    auto* a = n.add_attribute();
    a->set_name("sparse_value");
    a->set_type(onnx::AttributeProto::SPARSE_TENSOR);
    auto* s = a->mutable_sparse_tensor();
    s->add_dims(2);
    s->add_dims(2);
    *s->mutable_values() = tensor_to_proto(Tensor::from_values<double>(T::Double, {1}, {-3.0}));
    *s->mutable_indices() = tensor_to_proto(int64_tensor({3}));
  };
  CHECK(run_constant(11, sparse).identical_to(Tensor::from_values<double>(T::Double, {2, 2}, {0, 0, 0, -3})));
  CHECK(load_error(constant_model(9, sparse)) ==
        "test.onnx: node 'c' (#0, Constant-9): attribute 'sparse_value' is not an attribute of Constant-9 (it has: "
        "value)");
  const auto bad_sparse = [](onnx::NodeProto& n) {
    auto* a = n.add_attribute();
    a->set_name("sparse_value");
    a->set_type(onnx::AttributeProto::SPARSE_TENSOR);
    auto* s = a->mutable_sparse_tensor();
    s->add_dims(2);
    *s->mutable_values() = tensor_to_proto(Tensor::from_values<double>(T::Double, {1}, {-3.0}));
    *s->mutable_indices() = tensor_to_proto(int64_tensor({2}));
  };
  CHECK(load_error(constant_model(13, bad_sparse)) ==
        doctest::Contains("node 'c' (#0, Constant-13): attribute 'sparse_value': "));
  // A sparse_value given as a dense tensor attribute is the wrong attribute type.
  CHECK(load_error(constant_model(13, [](onnx::NodeProto& n) { set_tensor(n, "sparse_value", int64_tensor({1})); })) ==
        "test.onnx: node 'c' (#0, Constant-13): attribute 'sparse_value' must be of type sparse_tensor, got tensor");
}

TEST_CASE("constant_value_attribute: exactly one must be set") {
  Attributes a;
  CHECK_THROWS_WITH_AS(
      constant_value_attribute(a, kAll),
      "exactly one of the attributes sparse_value, value, value_float, value_floats, value_int, value_ints, "
      "value_string, value_strings must be set, but none is",
      Error);
  a.set("value_int", int64_t{3});
  CHECK(constant_value_attribute(a, kAll) == "value_int");
  a.set("value_string", std::string("s"));
  CHECK_THROWS_WITH_AS(constant_value_attribute(a, kAll),
                       doctest::Contains("must be set, but 2 are: value_int, value_string"), Error);
}

TEST_CASE("constant_value: each attribute kind, its type and shape") {
  Attributes a;
  a.set("value_float", 2.5f);
  a.set("value_floats", std::vector<float>{1, 2});
  a.set("value_int", kMin);
  a.set("value_ints", std::vector<int64_t>{});
  a.set("value_string", std::string("abc"));
  a.set("value_strings", std::vector<std::string>{"x", ""});
  const Tensor t = Tensor::from_values<int32_t>(T::Int32, {1}, {7});
  a.set("value", t);
  CHECK(constant_value(a, "value_float").identical_to(Tensor::from_values<float>(T::Float, {}, {2.5f})));
  CHECK(constant_value(a, "value_floats").identical_to(Tensor::from_values<float>(T::Float, {2}, {1, 2})));
  CHECK(constant_value(a, "value_int").identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {kMin})));
  CHECK(constant_value(a, "value_ints").identical_to(Tensor::zeros(T::Int64, {0})));
  CHECK(constant_value(a, "value_string").identical_to(Tensor::from_strings({}, {"abc"})));
  CHECK(constant_value(a, "value_strings").identical_to(Tensor::from_strings({2}, {"x", ""})));
  CHECK(constant_value(a, "value").shares_storage_with(t));
  CHECK(constant_value_type(a, "value") == T::Int32);
  CHECK(constant_value_type(a, "value_floats") == T::Float);
  CHECK(constant_value_type(a, "value_int") == T::Int64);
  CHECK(constant_value_type(a, "value_strings") == T::String);
}

namespace generator_spec_rules_tests {

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
      CHECK_THROWS_AS(
          constant(v, [&](OpTester& t) { t.attribute("value", value).attribute("value_float", 1.0f); }).run(), Error);
      CHECK_THROWS_AS(
          constant(v, [](OpTester& t) { t.attribute("value_int", int64_t{1}).attribute("value_float", 1.0f); }).run(),
          Error);
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

}  // namespace generator_spec_rules_tests
