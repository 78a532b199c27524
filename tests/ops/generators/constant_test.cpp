// Unit tests of ops/generators/constant.cpp.
#include "helpers/generators.h"

TEST_CASE("Constant: every version gives its value; the type is checked at load") {
  const Tensor v = Tensor::from_values<float>(T::Float, {2}, {1.5f, -1});
  for (int opset : {1, 9, 11, 12, 13, 19, 21, 23, 24, 25}) {
    CAPTURE(opset);
    CHECK(run_constant(opset, [&](onnx::NodeProto& n) { set_tensor(n, "value", v); }).identical_to(v));
  }
  CHECK(load_error(constant_model(1, [](onnx::NodeProto& n) { set_tensor(n, "value", Tensor::zeros(T::Int32, {1})); })) ==
        "test.onnx: node 'c' (#0, Constant-1): output 0 ('output') would be tensor(int32), which Constant-1 does not allow for T "
        "(allowed: tensor(float), tensor(float16), tensor(double))");
  CHECK(load_error(constant_model(12, [](onnx::NodeProto& n) { set_tensor(n, "value", Tensor::zeros(T::BFloat16, {1})); })) ==
        doctest::Contains("would be tensor(bfloat16), which Constant-12 does not allow"));
  CHECK(load_error(constant_model(24, [](onnx::NodeProto& n) { set_tensor(n, "value", Tensor::zeros(T::Int2, {1})); })) ==
        doctest::Contains("would be tensor(int2), which Constant-24 does not allow"));
  CHECK(run_constant(25, [](onnx::NodeProto& n) { set_tensor(n, "value", Tensor::zeros(T::Int2, {5})); }).shape() == Shape{5});
  CHECK(load_error(constant_model(9, [](onnx::NodeProto&) {})) ==
        "test.onnx: node 'c' (#0, Constant-9): required attribute 'value' is not set");
  CHECK(load_error(constant_model(11, [](onnx::NodeProto&) {})) ==
        "test.onnx: node 'c' (#0, Constant-11): exactly one of the attributes sparse_value, value must be set, but none is");
  CHECK(load_error(constant_model(12, [&](onnx::NodeProto& n) {
          set_tensor(n, "value", v);
          set_int(n, "value_int", 1);
        })) == "test.onnx: node 'c' (#0, Constant-12): exactly one of the attributes sparse_value, value, value_float, "
               "value_floats, value_int, value_ints, value_string, value_strings must be set, but 2 are: value, value_int");
  CHECK(load_error(constant_model(11, [](onnx::NodeProto& n) { set_int(n, "value_int", 1); })) ==
        "test.onnx: node 'c' (#0, Constant-11): attribute 'value_int' is not an attribute of Constant-11 (it has: sparse_value, value)");
}

TEST_CASE("Constant: value_* attributes (12 on) and sparse_value (11 on)") {
  CHECK(run_constant(12, [](onnx::NodeProto& n) { set_int(n, "value_int", kMax); })
            .identical_to(Tensor::from_values<int64_t>(T::Int64, {}, {kMax})));
  CHECK(run_constant(13, [](onnx::NodeProto& n) { set_ints(n, "value_ints", {1, -2}); }).identical_to(int64_tensor({1, -2})));
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
        "test.onnx: node 'c' (#0, Constant-9): attribute 'sparse_value' is not an attribute of Constant-9 (it has: value)");
  const auto bad_sparse = [](onnx::NodeProto& n) {
    auto* a = n.add_attribute();
    a->set_name("sparse_value");
    a->set_type(onnx::AttributeProto::SPARSE_TENSOR);
    auto* s = a->mutable_sparse_tensor();
    s->add_dims(2);
    *s->mutable_values() = tensor_to_proto(Tensor::from_values<double>(T::Double, {1}, {-3.0}));
    *s->mutable_indices() = tensor_to_proto(int64_tensor({2}));
  };
  CHECK(load_error(constant_model(13, bad_sparse)) == doctest::Contains("node 'c' (#0, Constant-13): attribute 'sparse_value': "));
  // A sparse_value given as a dense tensor attribute is the wrong attribute type.
  CHECK(load_error(constant_model(13, [](onnx::NodeProto& n) { set_tensor(n, "sparse_value", int64_tensor({1})); })) ==
        "test.onnx: node 'c' (#0, Constant-13): attribute 'sparse_value' must be of type sparse_tensor, got tensor");
}
