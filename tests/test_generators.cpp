// Constant, ConstantOfShape and EyeLike: the pure rules exhaustively, the kernels on small tensors,
// and what is checked when a model is loaded (the value attribute, the output type, dtype).
#include <doctest/doctest.h>

#include <cstring>
#include <limits>

#include "model_builder.h"
#include "ops/generators/generator_rules.h"
#include "ops/registry.h"
#include "runtime/element_values.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

std::vector<Value> run_kernel(const std::string& op, int since, std::vector<std::optional<Value>> inputs, const Attributes& attrs) {
  const OpVersion* v = Registry::builtin().resolve("", op, since);
  REQUIRE(v);
  REQUIRE(v->since_version == since);
  KernelContext ctx(attrs, inputs, 1);
  return v->kernel(ctx);
}

// doctest::String, so that a message can be compared with == to a text or a doctest::Contains.
doctest::String load_error(const ModelBuilder& b) {
  try {
    b.build();
  } catch (const Error& e) {
    return e.what();
  }
  return "(loaded)";
}

void set_tensor(onnx::NodeProto& node, const std::string& name, const Tensor& t) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::TENSOR);
  *a->mutable_t() = tensor_to_proto(t);
}

// A model with one Constant node 'c' at `opset`; `set` adds its attributes.
template <class F>
ModelBuilder constant_model(int64_t opset, F set) {
  ModelBuilder b(opset);
  b.output("y");
  auto& n = b.node("Constant", {}, {"y"});
  n.set_name("c");
  set(n);
  return b;
}

Tensor run_constant(int64_t opset, const std::function<void(onnx::NodeProto&)>& set) {
  return constant_model(opset, set).build().run({})[0].second.tensor();
}

const std::vector<std::string> kAll{"sparse_value", "value", "value_float", "value_floats",
                                    "value_int", "value_ints", "value_string", "value_strings"};

}  // namespace

TEST_CASE("constant_value_attribute: exactly one must be set") {
  Attributes a;
  CHECK_THROWS_WITH_AS(constant_value_attribute(a, kAll),
                       "exactly one of the attributes sparse_value, value, value_float, value_floats, value_int, value_ints, "
                       "value_string, value_strings must be set, but none is",
                       Error);
  a.set("value_int", int64_t{3});
  CHECK(constant_value_attribute(a, kAll) == "value_int");
  a.set("value_string", std::string("s"));
  CHECK_THROWS_WITH_AS(constant_value_attribute(a, kAll), doctest::Contains("must be set, but 2 are: value_int, value_string"), Error);
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
  CHECK_THROWS_WITH_AS(eye_like_dtype(kMax), "attribute 'dtype' = 9223372036854775807 is not a defined element type", Error);
  CHECK_THROWS_AS(eye_like_dtype(kMin), Error);
  CHECK_THROWS_AS(eye_like_dtype(int64_t{1} << 32 | 1), Error);  // would truncate to 1
}

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

TEST_CASE("ConstantOfShape: the value filled into the shape; default float 0") {
  const Tensor shape = int64_tensor({2, 3});
  Attributes none;
  CHECK(run_kernel("ConstantOfShape", 9, {Value(shape)}, none)[0].tensor().identical_to(Tensor::zeros(T::Float, {2, 3})));
  // Strings and complex numbers are outside T2 (the loader refuses them); the fill itself copies
  // any element by its bytes.
  Attributes c;
  Tensor cv = Tensor::zeros(T::Complex128, {1});
  const double parts[2] = {1.0, -2.0};
  std::memcpy(cv.mutable_data(), parts, sizeof parts);
  c.set("value", cv);
  const Tensor cout = run_kernel("ConstantOfShape", 25, {Value(int64_tensor({2}))}, c)[0].tensor();
  CHECK(cout.shape() == Shape{2});
  CHECK(std::memcmp(cout.data() + 16, parts, sizeof parts) == 0);
  Attributes s;
  s.set("value", Tensor::from_strings({1}, {"q"}));
  CHECK(run_kernel("ConstantOfShape", 25, {Value(int64_tensor({2}))}, s)[0].tensor().strings() == std::vector<std::string>{"q", "q"});
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
                       doctest::Contains("float[1048576, 1048576, 1048576] needs 4611686018427387904 bytes, more than this machine's"), Error);
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
        "test.onnx: node 'k' (#0, ConstantOfShape-9): attribute 'value' must hold exactly one element, but it is float[2]");
  CHECK(load_error(model(9, Tensor::zeros(T::Float, {0}))) == doctest::Contains("but it is float[0]"));
  CHECK(load_error(model(9, Tensor::zeros(T::Float, {1, 1}))) == "(loaded)");
  CHECK(load_error(model(9, Tensor::zeros(T::BFloat16, {1}))) ==
        doctest::Contains("output 0 ('output') would be tensor(bfloat16), which ConstantOfShape-9 does not allow for T2"));
  CHECK(load_error(model(20, Tensor::zeros(T::BFloat16, {1}))) == "(loaded)");
  CHECK(load_error(model(25, Tensor::from_strings({1}, {"s"}))) == doctest::Contains("would be tensor(string)"));
  CHECK(load_error(model(25, Tensor::zeros(T::Complex64, {1}))) == doctest::Contains("would be tensor(complex64)"));
  CHECK(load_error(model(24, Tensor::zeros(T::UInt2, {1}))) == doctest::Contains("would be tensor(uint2)"));
  CHECK(load_error(model(25, Tensor::zeros(T::UInt2, {1}))) == "(loaded)");
  CHECK(load_error(model(9, std::nullopt)) == "(loaded)");
}

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
